import type { ColumnShow } from './types';

/** Where a table's column choices are kept, per table (local storage; one browser, one person). */
export const columnStorageKey = (tableId: string) => `simcentre.table-columns.${tableId}`;

export type ColumnChoices = Record<string, boolean>;

/** The person's choices for a table: column id → shown. Anything unreadable counts as no choice. */
export function readColumnChoices(tableId: string): ColumnChoices {
  try {
    const raw = localStorage.getItem(columnStorageKey(tableId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed as Record<string, unknown>).filter(
        (entry): entry is [string, boolean] => typeof entry[1] === 'boolean',
      ),
    );
  } catch {
    return {};
  }
}

/** Keeps the choices (an empty set of choices removes the entry: the table's defaults again). */
export function writeColumnChoices(tableId: string, choices: ColumnChoices): void {
  try {
    if (Object.keys(choices).length === 0) localStorage.removeItem(columnStorageKey(tableId));
    else localStorage.setItem(columnStorageKey(tableId), JSON.stringify(choices));
  } catch {
    // storage full or refused (a private window): the choice lasts until the page is left
  }
}

/** Whether a column starts shown, before any choice. */
export const shownByDefault = (show: ColumnShow | undefined) => show !== 'optional';
