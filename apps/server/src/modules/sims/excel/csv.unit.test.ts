import { describe, expect, it } from 'vitest';
import { AppError, Invalid } from '../../../lib/errors';
import { parseCsv } from './csv';

const unreadable = () => Invalid('unreadable', 'file');
const cells = (text: string) => parseCsv(text, unreadable).map((r) => r.cells);

describe('parseCsv (csv-parse)', () => {
  it('numbers the records from 1, a blank line being a row of one empty cell', () => {
    expect(parseCsv('a,b\n\nc\n', unreadable)).toEqual([
      { row: 1, cells: ['a', 'b'] },
      { row: 2, cells: [''] },
      { row: 3, cells: ['c'] },
    ]);
    expect(cells('\r\n\r\n')).toEqual([[''], ['']]);
    expect(cells('')).toEqual([]);
  });

  it('drops a UTF-8 byte-order mark, only at the start', () => {
    expect(cells('\uFEFFLevel Name,Script\r\nx,y')).toEqual([
      ['Level Name', 'Script'],
      ['x', 'y'],
    ]);
    expect(cells('a,\uFEFFb')).toEqual([['a', '\uFEFFb']]);
  });

  it('keeps commas, line breaks and doubled quotes inside quoted fields; a record inside quotes is one row', () => {
    const rows = parseCsv(
      'Practice,Agent,"Hello, thanks.\r\nHow can I help?","thanks, help",\r\nP,c,"I said ""hi""",,\r\n',
      unreadable,
    );
    expect(rows).toEqual([
      { row: 1, cells: ['Practice', 'Agent', 'Hello, thanks.\r\nHow can I help?', 'thanks, help', ''] },
      { row: 2, cells: ['P', 'c', 'I said "hi"', '', ''] },
    ]);
    expect(cells('"",""""')).toEqual([['', '"']]);
  });

  it('ends records at CRLF, LF or a lone CR, mixed in one file, with no row for the last line break', () => {
    expect(cells('a\r\nb\nc\rd\r\n')).toEqual([['a'], ['b'], ['c'], ['d']]);
    expect(cells('a,b')).toEqual([['a', 'b']]);
  });

  it('lets rows differ in length and keeps spaces and empty cells', () => {
    expect(cells('a,b,c\n d ,\n,,,\n')).toEqual([
      ['a', 'b', 'c'],
      [' d ', ''],
      ['', '', '', ''],
    ]);
  });

  it('keeps a quote inside an unquoted field as a character, as Excel does', () => {
    expect(cells('5" screen,ab"c\n')).toEqual([['5" screen', 'ab"c']]);
  });

  it('answers the caller’s error for a quote left open to the end', () => {
    const err = (() => {
      try {
        return parseCsv('a,"never closed\nb,c', unreadable);
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).message).toBe('unreadable');
  });

  it('reads a sheet as large as an upload may be (2 MB)', { timeout: 30_000 }, () => {
    const line = `${'x'.repeat(90)},"y, ""z""\nw"\r\n`;
    const text = line.repeat(Math.floor((2 * 1024 * 1024) / line.length));
    const rows = parseCsv(text, unreadable);
    expect(rows.length).toBe(Math.floor((2 * 1024 * 1024) / line.length));
    expect(rows.at(-1)?.cells).toEqual(['x'.repeat(90), 'y, "z"\nw']);
  });
});
