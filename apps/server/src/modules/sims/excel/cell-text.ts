import ExcelJS from 'exceljs';
import type { AppError } from '../../../lib/errors';
import { assertWorkbookFits } from './zip-guard';

/**
 * The one reader of uploaded sheets' cells (levels import, Data Input layouts): every cell becomes the
 * text it stands for, whatever exceljs made of it.
 */

/** A row of a sheet as read, with its row number in the file (the header is row 1). */
export interface SheetRow {
  row: number;
  cells: string[];
}

/** A date cell as YYYY-MM-DD (Excel dates carry no zone: exceljs reads them as UTC). */
const isoDay = (d: Date) => (Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10));

/**
 * The text of a cell value: strings as they are; numbers and booleans as JavaScript writes them
 * (1.5, 'true'); dates as YYYY-MM-DD; rich text joined; a formula's cached result (none: ''); a
 * hyperlink's shown text; an error value (#N/A, #REF!…) as '' since it holds no value.
 */
export function cellText(v: ExcelJS.CellValue | undefined): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return isoDay(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return v;
  if (typeof v !== 'object') return '';
  if ('richText' in v) return v.richText.map((t) => t.text).join('');
  if ('formula' in v || 'sharedFormula' in v) return 'result' in v ? cellText(v.result as ExcelJS.CellValue) : '';
  if ('hyperlink' in v) return typeof v.text === 'string' ? v.text : cellText(v.text as ExcelJS.CellValue);
  return ''; // { error }, and anything exceljs may add
}

/** Every row that holds a cell, each at least `width` cells wide, as text. */
export function worksheetRows(sheet: ExcelJS.Worksheet, width: number): SheetRow[] {
  const rows: SheetRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    const cells: string[] = [];
    for (let c = 1; c <= Math.max(r.cellCount, width); c++) cells.push(cellText(r.getCell(c).value));
    rows.push({ row: rowNumber, cells });
  });
  return rows;
}

/**
 * An uploaded workbook, measured (excel/zip-guard.ts) before exceljs unpacks anything; a file neither the
 * measure nor exceljs can read answers `unreadable()`.
 */
export async function loadWorkbook(data: Buffer, unreadable: () => AppError): Promise<ExcelJS.Workbook> {
  await assertWorkbookFits(data, undefined, unreadable);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  } catch {
    throw unreadable();
  }
  return workbook;
}
