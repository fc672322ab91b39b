import { AUTHORING_LIMITS, EXCEL_MESSAGES, type TAutopopulateTarget, ZAutopopulateTarget } from '@sim/shared';
import { z } from 'zod';
import type { AppError } from '../../../lib/errors';
import type { SheetRow } from './cell-text';

const M = EXCEL_MESSAGES;

/** A refusal naming the row; every reader of the import answers its errors through one. */
export type Fail = (reason: string) => AppError;

/** A header cell as matched: what comes before any '(', trimmed, lower case, single spaces. */
export const headerKey = (text: string) => text.split('(')[0].trim().toLowerCase().replace(/\s+/g, ' ');

/** Where each column is in a sheet's header row (-1 when absent); columns are found by name, in any order. */
export function columnIndex<C extends string>(header: SheetRow, columns: readonly C[]): Record<C, number> {
  const keys = header.cells.map(headerKey);
  return Object.fromEntries(columns.map((c) => [c, keys.indexOf(headerKey(c))])) as Record<C, number>;
}

/** The text of a row's cell in a column ('' when the column is absent). */
export const cellOf =
  <C extends string>(cells: readonly string[], index: Record<C, number>) =>
  (column: C): string =>
    index[column] < 0 ? '' : (cells[index[column]] ?? '');

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** Yes or No (also true/false, 1/0); empty is undefined (the default applies). */
export function yesNo(text: string, column: string, fail: Fail): boolean | undefined {
  const value = text.trim().toLowerCase();
  if (value === '') return undefined;
  if (YES.has(value)) return true;
  if (NO.has(value)) return false;
  throw fail(M.yesNo(column, text.trim()));
}

/** A whole number within [min, max]; empty is undefined. */
export function wholeNumber(text: string, max: number, refusal: string, fail: Fail): number | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > max) throw fail(refusal);
  return n;
}

export const percent = (text: string, column: string, fail: Fail) =>
  wholeNumber(text, 100, M.percent(column, text.trim()), fail);

const ZTargets = z.array(ZAutopopulateTarget).max(AUTHORING_LIMITS.autopopulateTargetsMax);

/** The auto-populate fields of a line, as the export writes them (JSON); empty is undefined. */
export function autopopulateTargets(text: string, fail: Fail): TAutopopulateTarget[] | undefined {
  const value = text.trim();
  if (value === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw fail(M.autopopulateFields);
  }
  const result = ZTargets.safeParse(parsed);
  if (!result.success) throw fail(M.autopopulateFields);
  return result.data;
}
