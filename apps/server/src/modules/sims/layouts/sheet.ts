import { DATA_INPUT_LIMITS, DATA_INPUT_MESSAGES, INPUT_MESSAGES, LAYOUT_TEMPLATE } from '@sim/shared';
import { Invalid } from '../../../lib/errors';
import { hasForbiddenText } from '../../../plugins/input-rules';
import { loadWorkbook, type SheetRow, worksheetRows } from '../excel/cell-text';
import { assertCleanRows, fileKind, readCsv } from '../excel/import';

const M = DATA_INPUT_MESSAGES;
const unreadable = () => Invalid(M.unreadable, 'file');

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

/**
 * The 'Layout' sheet of the workbook, else its first sheet that is not the Instructions; the workbook is
 * measured before it is unpacked (excel/zip-guard.ts).
 */
async function readWorkbook(data: Buffer): Promise<LayoutSheet> {
  const workbook = await loadWorkbook(data, unreadable);
  const named = (name: string) => workbook.worksheets.find((w) => w.name.toLowerCase() === name.toLowerCase());
  const sheet =
    named(LAYOUT_TEMPLATE.sheet) ??
    workbook.worksheets.find((w) => w.name.toLowerCase() !== LAYOUT_TEMPLATE.instructionsSheet.toLowerCase()) ??
    workbook.worksheets[0];
  if (!sheet) throw Invalid(M.noRows, 'file');
  const rows = worksheetRows(sheet, LAYOUT_TEMPLATE.columns.length);
  if (hasForbiddenText(sheet.name)) throw Invalid(INPUT_MESSAGES.badText('sheet name'), 'file');
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
  return { sheetName: csvSheetName(filename), rows: readCsv(data, unreadable) };
}
