import { TAKE_SIM_MESSAGES, type TLayout } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { attemptInputs, caseNumberProblem, initialValues, layoutsOf, withAutopopulate, withCase } from './case-inputs';

const LAYOUT: TLayout = {
  type: 'case',
  excel_sheet_name: 'Layout',
  tabs: [
    {
      tab_name: 'Details',
      sections: [
        {
          section_name: 'Caller',
          fields: [
            {
              field_title: 'Name',
              attribute_name: 'name',
              type: 'text',
              options: [],
              value: 'Ann',
              is_scorable: true,
              is_enabled: true,
            },
            {
              field_title: 'Urgent',
              attribute_name: 'urgent',
              type: 'checkbox',
              options: [],
              value: 'true',
              is_scorable: true,
              is_enabled: true,
            },
            {
              field_title: 'Source',
              attribute_name: 'source',
              type: 'text',
              options: [],
              value: 'Phone',
              is_scorable: false,
              is_enabled: true,
            },
            {
              field_title: 'Id',
              attribute_name: 'id',
              type: 'text',
              options: [],
              value: '9',
              is_scorable: false,
              is_enabled: false,
            },
          ],
        },
      ],
    },
  ],
};

describe('the case panel values', () => {
  it('checks the case number: required, then numeric', () => {
    expect(caseNumberProblem('')).toBe(TAKE_SIM_MESSAGES.caseNumberRequired);
    expect(caseNumberProblem('  ')).toBe(TAKE_SIM_MESSAGES.caseNumberRequired);
    expect(caseNumberProblem('12a')).toBe(TAKE_SIM_MESSAGES.caseNumberNumeric);
    expect(caseNumberProblem('-3')).toBe(TAKE_SIM_MESSAGES.caseNumberNumeric);
    expect(caseNumberProblem(' 17 ')).toBeNull();
  });

  it('reads only the layouts that are layouts', () => {
    expect(layoutsOf([LAYOUT, { type: 'case' }, 'x'])).toEqual([LAYOUT]);
  });

  it('starts scored fields empty and the others at their default', () => {
    expect(initialValues([LAYOUT])).toEqual({
      'case|Details|Caller|name': '',
      'case|Details|Caller|urgent': '',
      'case|Details|Caller|source': 'Phone',
      'case|Details|Caller|id': '9',
    });
  });

  it('fills fields from a case and from auto-populate targets (by attribute name or title)', () => {
    const start = initialValues([LAYOUT]);
    expect(withCase([LAYOUT], start, { name: 'Ann', urgent: 'Yes', other: 'x' })).toEqual({
      values: { ...start, 'case|Details|Caller|name': 'Ann', 'case|Details|Caller|urgent': 'true' },
      filled: 2,
    });
    expect(
      withAutopopulate([LAYOUT], start, [
        { type: 'case', tab_name: 'Details', attribute_name: 'name', value: 'Bo' },
        { field_title: 'Source', value: 'Web' },
        { type: 'account', attribute_name: 'name', value: 'no' },
        { attribute_name: 'missing', value: 'no' },
      ]),
    ).toEqual({
      values: { ...start, 'case|Details|Caller|name': 'Bo', 'case|Details|Caller|source': 'Web' },
      filled: 2,
    });
  });

  it('saves every enabled field, scored ones with their target, by kind', () => {
    const values = {
      ...initialValues([LAYOUT]),
      'case|Details|Caller|name': 'Ann',
      'case|Details|Caller|urgent': 'false',
    };
    expect(attemptInputs([LAYOUT], values)).toEqual([
      {
        field_id: 'case|Details|Caller|name',
        field_title: 'Name',
        kind: 'typing',
        input_value: 'Ann',
        target_value: 'Ann',
      },
      {
        field_id: 'case|Details|Caller|urgent',
        field_title: 'Urgent',
        kind: 'selection',
        input_value: 'false',
        target_value: 'true',
      },
      {
        field_id: 'case|Details|Caller|source',
        field_title: 'Source',
        kind: 'typing',
        input_value: 'Phone',
        target_value: null,
      },
    ]);
  });
});
