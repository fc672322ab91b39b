import type { TLayout } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { digitsOnly, fillFromCase, isLayoutFile, layoutOf, setFieldValue, withLayout } from './layout-values';

const layout: TLayout = {
  type: 'case',
  excel_sheet_name: 'Layout',
  tabs: [
    {
      tab_name: 'Details',
      sections: [
        {
          section_name: 'Case Information',
          fields: [
            {
              field_title: 'Subject',
              attribute_name: 'subject',
              type: 'text',
              options: [],
              value: 'old',
              is_scorable: true,
              is_enabled: true,
            },
            {
              field_title: 'Urgent',
              attribute_name: 'urgent',
              type: 'checkbox',
              options: [],
              value: 'false',
              is_scorable: false,
              is_enabled: true,
            },
            {
              field_title: 'Keep',
              attribute_name: 'keep',
              type: 'text',
              options: [],
              value: 'kept',
              is_scorable: false,
              is_enabled: true,
            },
          ],
        },
      ],
    },
  ],
};
const fields = (l: TLayout) => l.tabs[0]?.sections[0]?.fields ?? [];

describe('layout values', () => {
  it('takes .xlsx and .csv only, in any case', () => {
    expect(['a.xlsx', 'B.XLSX', 'c.csv'].map(isLayoutFile)).toEqual([true, true, true]);
    expect(['a.xls', 'a.xlsx.txt', 'xlsx', 'a.numbers'].map(isLayoutFile)).toEqual([false, false, false, false]);
  });

  it('fills the fields whose attribute names the case has, checkboxes as true or false', () => {
    const { layout: filled, filled: count } = fillFromCase(layout, { subject: 'Refill', urgent: 'Yes', other: 'x' });
    expect(count).toBe(2);
    expect(fields(filled).map((f) => f.value)).toEqual(['Refill', 'true', 'kept']);
    // the layout given is not changed
    expect(fields(layout).map((f) => f.value)).toEqual(['old', 'false', 'kept']);
    expect(fields(fillFromCase(layout, { urgent: 'maybe' }).layout)[1]?.value).toBe('false');
  });

  it('sets one field and replaces or adds a layout by type', () => {
    const changed = setFieldValue(layout, { tab: 0, section: 0, field: 2 }, 'new');
    expect(fields(changed).map((f) => f.value)).toEqual(['old', 'false', 'new']);
    const account: TLayout = { ...layout, type: 'account' };
    const both = withLayout([layout], account);
    expect(both.map((l) => l.type)).toEqual(['case', 'account']);
    expect(layoutOf(withLayout(both, changed), 'case')).toBe(changed);
    expect(layoutOf([layout], 'account')).toBeNull();
  });

  it('keeps digits only in the case number', () => {
    expect(digitsOnly('10a0-1 ')).toBe('1001');
  });
});
