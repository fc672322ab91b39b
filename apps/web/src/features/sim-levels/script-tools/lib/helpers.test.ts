import {
  autopopulateSummary,
  GENERATED_LEVEL_NAMES,
  GRADING_MESSAGES,
  parseConfidence,
  type TLayout,
} from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { initialTabKey, parseTimer, tabOptions, targetKey } from './autopopulate';
import { generateSettings, initialRows, levelsAfter, tooManyLevels } from './generate-form';
import { addKeywords } from './keyword-entry';
import { criteriaErrors, initialCriteria } from './pass-criteria-form';
import { testFormErrors, testOf } from './test-form';

describe('autopopulateSummary', () => {
  it.each([
    [null, ''],
    [[], ''],
    [[{ field_title: 'Subject' }], 'Subject'],
    [[{ field_title: 'A' }, { fieldTitle: 'B' }, { field_title: 'C' }], 'A, B, C'],
    [[{ field_title: 'A' }, { field_title: 'B' }, { field_title: 'C' }, { attribute_name: 'd' }], 'A, B, C...'],
  ])('%j → %s', (targets, summary) => {
    expect(autopopulateSummary(targets)).toBe(summary);
  });
});

describe('parseConfidence', () => {
  it.each([
    ['75', 75],
    ['75.9', 75],
    ['abc', 0],
    ['', 0],
    ['150', 100],
    ['-5', 0],
    [42, 42],
  ])('%j → %d', (input, value) => {
    expect(parseConfidence(input)).toBe(value);
  });
});

describe('addKeywords', () => {
  it('splits, trims, keeps one of equal entries and refuses mixed operators', () => {
    expect(addKeywords(['refund'], ' Refund! , a | b ')).toEqual({
      ok: true,
      keywords: ['refund', 'a | b'],
      duplicates: ['Refund!'],
    });
    expect(addKeywords([], 'a & b | c')).toMatchObject({ ok: false, message: GRADING_MESSAGES.mixedOperators });
  });
});

describe('test form', () => {
  it('needs a name and a keyword', () => {
    const draft = { name: ' ', isFlexible: true, coachFeedback: '', confidence: '60' };
    expect(testFormErrors(draft, [])).toEqual({
      name: GRADING_MESSAGES.testNameRequired,
      keywords: GRADING_MESSAGES.testKeywordRequired,
    });
    expect(testOf({ ...draft, name: 'A', confidence: 'x' }, ['k'])).toEqual({
      name: 'A',
      isFlexible: true,
      keywords: ['k'],
      confidence: 0,
    });
  });
});

describe('generate form', () => {
  it('counts the levels after generating against the limit of 5', () => {
    const rows = initialRows();
    expect(levelsAfter(1, rows)).toBe(5);
    expect(tooManyLevels(1, rows)).toBe(false);
    expect(tooManyLevels(2, rows)).toBe(true);
    expect(generateSettings(rows).map((r) => r.name)).toEqual([...GENERATED_LEVEL_NAMES]);
  });
});

describe('pass criteria form', () => {
  it('checks thresholds that are not NA', () => {
    const form = initialCriteria(null, false);
    form.values.keyword = '101';
    form.values.typing = 'x';
    form.na.typing = true;
    expect(Object.keys(criteriaErrors(form))).toEqual(['keyword']);
  });
});

describe('autopopulate', () => {
  const layouts: TLayout[] = [
    { type: 'case', excel_sheet_name: 'c', tabs: [{ tab_name: 'Details', sections: [] }] },
    { type: 'account', excel_sheet_name: 'a', tabs: [{ tab_name: 'Details', sections: [] }] },
  ];
  it('names the kind when both layouts have tabs, and finds the stored tab', () => {
    const options = tabOptions(layouts);
    expect(options.map((o) => o.label)).toEqual(['Details (case)', 'Details (account)']);
    expect(initialTabKey(options, [{ type: 'account', tab_name: 'Details' }])).toBe('1:0');
    expect(initialTabKey(options, [])).toBe('');
  });
  it('keys targets by kind, tab and field', () => {
    expect(targetKey({ type: 'case', tab_name: 'T', attribute_name: 'a', field_title: 'A' })).toBe('case|T|a');
    expect(targetKey({ tab_name: 'T', fieldTitle: 'A' })).toBe('|T|A');
  });
  it.each([
    ['', 0],
    ['12', 12],
    ['3600', 3600],
    ['3601', null],
    ['1.5', null],
    ['-1', null],
  ])('timer %j → %j', (input, value) => {
    expect(parseTimer(input)).toBe(value);
  });
});
