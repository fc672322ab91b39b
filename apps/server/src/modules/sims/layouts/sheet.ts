import { DATA_INPUT_LIMITS, DATA_INPUT_MESSAGES, LAYOUT_TEMPLATE } from '@sim/shared';
import ExcelJS from 'exceljs';
import { Invalid } from '../../../lib/errors';
import { hasForbiddenText, INPUT_RULE_MESSAGES } from '../../../plugins/input-rules';
import { assertCleanRows, fileKind, parseCsv, type SheetRow } from '../excel/import';
import { assertWorkbookFits } from '../excel/zip-guard';

const M = DATA_INPUT_MESSAGES;

/** The rows of an uploaded layout file and the name of the sheet they came from. */
export interface LayoutSheet {
  sheetName: string;
  rows: SheetRow[];
}

/**
 * The file is accepted as the levels import accepts it, by its extension and its content (an .xlsx is a zip,
 * a .csv is text); anything else answers 400 'Please select the file with xlsx format only' (the contract
 * of upload-keyword, where upload-levels answers 415).
 */
export function layoutFileKind(filename: string, data: Buffer): 'xlsx' | 'csv' {
  try {
    return fileKind(filename, data);
  } catch {
    throw Invalid(M.xlsxOnly, 'file');
  }
}

/** A date cell as YYYY-MM-DD (Excel dates carry no zone: exceljs reads them as UTC). */
const isoDay = (d: Date) => (Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 10));

/** The text of a cell value: rich text, hyperlinks and formula results included; dates as YYYY-MM-DD. */
function valueText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return isoDay(v);
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return v;
  if ('richText' in v) return v.richText.map((t) => t.text).join('');
  if ('formula' in v || 'sharedFormula' in v) return 'result' in v ? valueText(v.result as ExcelJS.CellValue) : '';
  if ('hyperlink' in v) return typeof v.text === 'string' ? v.text : valueText(v.text as ExcelJS.CellValue);
  if ('error' in v) return '';
  return '';
}

/**
 * The 'Layout' sheet of the workbook, else its first sheet that is not the Instructions; the workbook is
 * measured before it is unpacked (excel/zip-guard.ts).
 */
async function readWorkbook(data: Buffer): Promise<LayoutSheet> {
  await assertWorkbookFits(data, undefined, () => Invalid(M.unreadable, 'file'));
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  } catch {
    throw Invalid(M.unreadable, 'file');
  }
  const named = (name: string) => workbook.worksheets.find((w) => w.name.toLowerCase() === name.toLowerCase());
  const sheet =
    named(LAYOUT_TEMPLATE.sheet) ??
    workbook.worksheets.find((w) => w.name.toLowerCase() !== LAYOUT_TEMPLATE.instructionsSheet.toLowerCase()) ??
    workbook.worksheets[0];
  if (!sheet) throw Invalid(M.noRows, 'file');
  const rows: SheetRow[] = [];
  const width = LAYOUT_TEMPLATE.columns.length;
  sheet.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    const cells: string[] = [];
    for (let c = 1; c <= Math.max(r.cellCount, width); c++) cells.push(valueText(r.getCell(c).value));
    rows.push({ row: rowNumber, cells });
  });
  if (hasForbiddenText(sheet.name)) throw Invalid(INPUT_RULE_MESSAGES.badText('sheet name'), 'file');
  return { sheetName: sheet.name, rows: assertCleanRows(rows) };
}

/** A CSV's sheet is named by its file, as Excel names it when it opens one. */
function csvSheetName(filename: string): string {
  const base = filename.replace(/^.*[\\/]/, '').replace(/\.csv$/i, '');
  return base.trim().slice(0, DATA_INPUT_LIMITS.sheetNameMax);
}

/** The rows of an uploaded .xlsx or .csv layout file (the header row included). */
export async function readLayoutSheet(filename: string, data: Buffer): Promise<LayoutSheet> {
  const kind = layoutFileKind(filename, data);
  if (kind === 'xlsx') return readWorkbook(data);
  return { sheetName: csvSheetName(filename), rows: assertCleanRows(parseCsv(data.toString('utf8'))) };
}
