import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { AppError, Invalid } from '../../../lib/errors';
import { cellText, loadWorkbook, worksheetRows } from './cell-text';

const unreadable = () => Invalid('unreadable', 'file');

describe('cellText: every kind of exceljs cell value', () => {
  it.each([
    ['empty (null)', null, ''],
    ['empty (undefined)', undefined, ''],
    ['a string, spaces and line breaks kept', ' two\nlines ', ' two\nlines '],
    ['an integer', 42, '42'],
    ['a decimal', 1.5, '1.5'],
    ['zero', 0, '0'],
    ['a negative number', -3.25, '-3.25'],
    ['true', true, 'true'],
    ['false', false, 'false'],
    ['a date (UTC, as YYYY-MM-DD)', new Date(Date.UTC(2025, 4, 27)), '2025-05-27'],
    ['a date and time', new Date(Date.UTC(2025, 11, 31, 23, 59)), '2025-12-31'],
    ['an invalid date', new Date(Number.NaN), ''],
    ['rich text', { richText: [{ text: 'Rich ' }, { font: { bold: true }, text: 'Title' }] }, 'Rich Title'],
    ['a formula with a text result', { formula: 'A1&B1', result: 'ab' }, 'ab'],
    ['a formula with a number result', { formula: '1+1', result: 2 }, '2'],
    ['a formula with a zero result', { formula: '1-1', result: 0 }, '0'],
    ['a formula with a false result', { formula: '1=2', result: false }, 'false'],
    ['a formula with a date result', { formula: 'TODAY()', result: new Date(Date.UTC(2024, 1, 29)) }, '2024-02-29'],
    ['a formula with an error result', { formula: '1/0', result: { error: '#DIV/0!' } }, ''],
    ['a formula without a cached result', { formula: 'A1' }, ''],
    ['a shared formula', { sharedFormula: 'A1', result: 'shared' }, 'shared'],
    ['a hyperlink', { text: 'Our site', hyperlink: 'https://example.com' }, 'Our site'],
    [
      'a hyperlink with rich text',
      { text: { richText: [{ text: 'Rich' }, { text: ' link' }] }, hyperlink: 'https://example.com' },
      'Rich link',
    ],
    ['an error value', { error: '#N/A' }, ''],
  ] as [string, ExcelJS.CellValue | undefined, string][])('%s', (_, value, text) => {
    expect(cellText(value)).toBe(text);
  });
});

describe('worksheetRows and loadWorkbook', () => {
  it('reads each kind back from a saved workbook, row numbers and width kept, empty rows left out', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Levels');
    sheet.addRow(['Name', 'When', 'Count', 'Yes']);
    sheet.addRow([]);
    sheet.addRow([
      { richText: [{ text: 'Ri' }, { text: 'ch' }] },
      new Date(Date.UTC(2025, 0, 2)),
      { formula: '2*3', result: 6 },
      true,
      { text: 'link', hyperlink: 'https://example.com' },
      { error: '#REF!' },
    ]);
    sheet.addRow(['only one']);
    const loaded = await loadWorkbook(Buffer.from(await book.xlsx.writeBuffer()), unreadable);
    const ws = loaded.getWorksheet('Levels');
    if (!ws) throw new Error('no sheet');
    expect(worksheetRows(ws, 5)).toEqual([
      { row: 1, cells: ['Name', 'When', 'Count', 'Yes', ''] },
      { row: 3, cells: ['Rich', '2025-01-02', '6', 'true', 'link', ''] },
      { row: 4, cells: ['only one', '', '', '', ''] },
    ]);
  });

  it('answers the caller’s error for a file exceljs cannot read, after the zip guard measured it', async () => {
    const notAZip = Buffer.from('PK\u0003\u0004 this is not really a zip');
    const err = await loadWorkbook(notAZip, unreadable).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toBe('unreadable');
  });
});
