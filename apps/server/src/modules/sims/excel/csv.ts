import { CsvError, parse } from 'csv-parse/sync';
import type { AppError } from '../../../lib/errors';
import type { SheetRow } from './cell-text';

/**
 * An uploaded CSV sheet (levels import, Data Input layouts) read by csv-parse, as Excel reads one: a
 * UTF-8 byte-order mark is dropped; quoted fields may hold commas, line breaks and doubled quotes; a
 * record ends at CRLF, LF or a lone CR; rows may differ in length; a quote inside an unquoted field is
 * kept as a character; spaces are kept. Blank lines are rows (of one empty cell), so row numbers count
 * records the way the sheet shows them (a line break inside quotes does not start a row). The input is
 * bounded by the upload limit (2 MB) before it gets here, so the synchronous parser is used.
 */
export function parseCsv(text: string, unreadable: () => AppError): SheetRow[] {
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      delimiter: ',',
      quote: '"',
      escape: '"',
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      trim: false,
    }) as string[][];
  } catch (err) {
    // a quote left open to the end of the file, or a record over csv-parse's own limits
    if (err instanceof CsvError) throw unreadable();
    throw err;
  }
  return records.map((cells, i) => ({ row: i + 1, cells }));
}
