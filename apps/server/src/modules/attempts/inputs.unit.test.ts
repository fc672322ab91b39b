import { TAKE_SIM_MESSAGES, type TAttemptInput, type TLayout, type TLayoutField } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { caseTargetsOf, serverInputs } from './inputs';

const field = (title: string, attribute: string, type: string, value: string, more: Partial<TLayoutField> = {}) =>
  ({
    field_title: title,
    attribute_name: attribute,
    type,
    options: [],
    value,
    is_scorable: true,
    is_enabled: true,
    ...more,
  }) satisfies TLayoutField;

const layouts: TLayout[] = [
  {
    type: 'case',
    excel_sheet_name: 'Case',
    tabs: [
      {
        tab_name: 'Patient',
        sections: [
          {
            section_name: 'Main',
            fields: [
              field('First name', 'first', 'text', 'Ada'),
              field('Plan', 'plan', 'picklist', 'PPO', { options: ['PPO'] }),
              field('Agreed', 'agreed', 'checkbox', 'true'),
              field('Note', '', 'textarea', 'x', { is_scorable: false }),
              field('Hidden', 'hidden', 'text', 'h', { is_enabled: false }),
            ],
          },
        ],
      },
    ],
  },
];
const sent = (field_id: string, input_value: string, target_value: string | null = input_value): TAttemptInput => ({
  field_id,
  field_title: 'anything',
  kind: 'typing',
  input_value,
  target_value,
});

describe('the case panel as the server scores it', () => {
  it('takes every enabled field of an Internal Data sim, with the authored value of a scored one as target', () => {
    expect(caseTargetsOf('Training SIM - Internal Data', layouts)).toEqual([
      { field_id: 'case|Patient|Main|first', field_title: 'First name', kind: 'typing', target_value: 'Ada' },
      { field_id: 'case|Patient|Main|plan', field_title: 'Plan', kind: 'selection', target_value: 'PPO' },
      { field_id: 'case|Patient|Main|agreed', field_title: 'Agreed', kind: 'selection', target_value: 'true' },
      // no attribute name: its title keys it
      { field_id: 'case|Patient|Main|Note', field_title: 'Note', kind: 'typing', target_value: null },
    ]);
    expect(caseTargetsOf('Voice Only', layouts)).toEqual([]);
  });

  it.each([
    ['a field the layout does not have', [sent('case|Patient|Main|made_up', 'x')], 'case|Patient|Main|made_up'],
    ['a disabled field', [sent('case|Patient|Main|hidden', 'h')], 'case|Patient|Main|hidden'],
    ['another layout type', [sent('account|Patient|Main|first', 'Ada')], 'account|Patient|Main|first'],
  ])('refuses %s (400 naming it)', (_name, inputs, id) => {
    const targets = caseTargetsOf('Internal Data', layouts);
    expect(() => serverInputs(targets, inputs)).toThrow(
      expect.objectContaining({ code: 'INVALID', message: TAKE_SIM_MESSAGES.unknownCaseField(id) }),
    );
    expect(() => serverInputs(targets, inputs)).toThrow(AppError);
  });

  it("keeps the learner's values only: targets, titles and kinds are the layout's; left out is ''; last wins", () => {
    const targets = caseTargetsOf('Internal Data', layouts);
    const out = serverInputs(targets, [
      sent('case|Patient|Main|first', 'Bob'), // claims Bob is the target
      sent('case|Patient|Main|plan', 'HMO'),
      sent('case|Patient|Main|plan', 'PPO'),
    ]);
    expect(out.map((i) => [i.field_id, i.kind, i.input_value, i.target_value])).toEqual([
      ['case|Patient|Main|first', 'typing', 'Bob', 'Ada'],
      ['case|Patient|Main|plan', 'selection', 'PPO', 'PPO'],
      ['case|Patient|Main|agreed', 'selection', '', 'true'],
      ['case|Patient|Main|Note', 'typing', '', null],
    ]);
  });
});
