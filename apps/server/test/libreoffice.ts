import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';

const run = promisify(execFile);

/** RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF) into rows of cells, read by csv-parse. */
export function parseCsv(text: string): string[][] {
  return parse(text, { relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'] }) as string[][];
}

/**
 * The first sheet of an .xlsx as LibreOffice reads it: converted to CSV (UTF-8, cells as shown) by
 * `soffice --headless`, a program that shares no code with the one that wrote the file. Each call
 * uses its own LibreOffice profile so parallel test files do not collide.
 */
export async function readWithLibreOffice(data: Buffer): Promise<string[][]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-lo-'));
  try {
    const file = path.join(dir, 'book.xlsx');
    fs.writeFileSync(file, data);
    await run(
      'soffice',
      [
        `-env:UserInstallation=file://${path.join(dir, 'profile')}`,
        '--headless',
        '--convert-to',
        'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true',
        '--outdir',
        path.join(dir, 'out'),
        file,
      ],
      { timeout: 90_000 },
    );
    return parseCsv(fs.readFileSync(path.join(dir, 'out', 'book.csv'), 'utf8'));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
