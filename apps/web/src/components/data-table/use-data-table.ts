import {
  type ColumnDef,
  type ColumnVisibilityState,
  columnVisibilityFeature,
  createSortedRowModel,
  functionalUpdate,
  type RowData,
  rowSortingFeature,
  type SortFn,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { SortOrder } from '../../lib/list-state';
import { type ColumnChoices, readColumnChoices, shownByDefault, writeColumnChoices } from './column-storage';
import type { DataColumn, ServerSort } from './types';

/**
 * The table's model, from TanStack Table (headless: it keeps the columns, their visibility and the sort; the
 * markup is ours): column visibility, and sorting that is either the server's (manual: the rows come sorted)
 * or done here over the rows on the page.
 */
const features = tableFeatures({
  columnVisibilityFeature,
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
});
type Features = typeof features;

/** Texts in the reader's order (Bulk2 before Bulk10), numbers by value, empty cells last (sortUndefined). */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const compareValues: SortFn<Features, RowData> = (a, b, columnId) => {
  const x = a.getValue<string | number | null>(columnId);
  const y = b.getValue<string | number | null>(columnId);
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return collator.compare(String(x ?? ''), String(y ?? ''));
};

/** What a sortable column compares when the browser sorts: its sortValue, else a text or number cell. */
function sortValueOf<T>(column: DataColumn<T>, row: T): string | number | undefined {
  if (column.sortValue) return column.sortValue(row) ?? undefined;
  const cell = column.cell(row);
  return typeof cell === 'string' || typeof cell === 'number' ? cell : undefined;
}

/** The visibility of every column: the fixed ones shown, the others by the person's choice or their default. */
function visibilityOf<T>(columns: readonly DataColumn<T>[], choices: ColumnChoices): ColumnVisibilityState {
  return Object.fromEntries(
    columns.map((c) => [c.id, c.show === 'always' ? true : (choices[c.id] ?? shownByDefault(c.show))]),
  );
}

/** Only the choices that differ from a column's default are kept, so a later default still applies. */
function choicesOf<T>(columns: readonly DataColumn<T>[], visibility: ColumnVisibilityState, kept: ColumnChoices) {
  const next: ColumnChoices = { ...kept };
  for (const c of columns) {
    if (c.show === 'always' || visibility[c.id] === undefined) continue;
    if (visibility[c.id] === shownByDefault(c.show)) delete next[c.id];
    else next[c.id] = visibility[c.id];
  }
  return next;
}

export interface DataTableModelOptions<T extends RowData> {
  /** names the table's remembered column choices */
  tableId: string;
  columns: readonly DataColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** the server's sort; without it the sortable columns sort the rows in the browser */
  sort?: ServerSort;
}

/** A column with the person's current choice, for the columns chooser. */
export interface ColumnChoice<T> {
  column: DataColumn<T>;
  shown: boolean;
}

export interface DataTableModel<T> {
  /** the rows in the order to draw them */
  rows: T[];
  /** the columns in the table, in their order */
  shown: DataColumn<T>[];
  /** the columns not in the table (the row's details) */
  hidden: DataColumn<T>[];
  /** the columns the person may show or hide */
  choices: ColumnChoice<T>[];
  setShown: (columnId: string, shown: boolean) => void;
  /** back to the table's defaults */
  resetColumns: () => void;
  /** the order a column is sorted by, or false */
  sortOf: (columnId: string) => SortOrder | false;
  /** a header's click: the sorted column flips its order, another one sorts ascending */
  toggleSort: (columnId: string) => void;
}

/** The model of a data table: which columns are where (remembered per table) and the sort. */
export function useDataTableModel<T extends RowData>({
  tableId,
  columns,
  rows,
  getRowId,
  sort,
}: DataTableModelOptions<T>) {
  const latest = useRef(columns);
  latest.current = columns;
  // the definitions TanStack keeps: rebuilt only when the set of columns changes, not on every render
  const signature = columns.map((c) => `${c.id}:${c.sortable ? 1 : 0}:${c.show ?? ''}`).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the signature stands for the columns' shape
  const definitions = useMemo<ColumnDef<Features, T>[]>(
    () =>
      latest.current.map((column) => ({
        id: column.id,
        header: column.header,
        accessorFn: (row: T) => {
          const current = latest.current.find((c) => c.id === column.id) ?? column;
          return current.sortable ? sortValueOf(current, row) : undefined;
        },
        enableSorting: Boolean(column.sortable),
        enableHiding: column.show !== 'always',
        sortFn: compareValues as SortFn<Features, T>,
        sortUndefined: 'last',
      })),
    [signature],
  );

  const [stored, setStored] = useState(() => ({ tableId, choices: readColumnChoices(tableId) }));
  const choices = stored.tableId === tableId ? stored.choices : readColumnChoices(tableId);
  const columnVisibility = useMemo(() => visibilityOf(columns, choices), [columns, choices]);
  const onColumnVisibilityChange = useCallback(
    (updater: Updater<ColumnVisibilityState>) => {
      const next = choicesOf(latest.current, functionalUpdate(updater, columnVisibility), choices);
      writeColumnChoices(tableId, next);
      setStored({ tableId, choices: next });
    },
    [tableId, columnVisibility, choices],
  );

  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const sorting: SortingState = sort ? [{ id: sort.by, desc: sort.order === 'desc' }] : localSorting;
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = functionalUpdate(updater, sorting);
    if (!sort) setLocalSorting(next);
    else if (next[0]) sort.onSort(next[0].id);
  };

  const table = useTable({
    features,
    columns: definitions,
    data: rows,
    getRowId: (row) => getRowId(row),
    state: { columnVisibility, sorting },
    onColumnVisibilityChange,
    onSortingChange,
    manualSorting: Boolean(sort),
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
  });

  const byId = new Map(columns.map((c) => [c.id, c]));
  const pick = (ids: string[]) => ids.flatMap((id) => byId.get(id) ?? []);
  const all = table.getAllLeafColumns();
  const model: DataTableModel<T> = {
    rows: table.getRowModel().rows.map((row) => row.original),
    shown: pick(table.getVisibleLeafColumns().map((c) => c.id)),
    hidden: pick(all.filter((c) => !c.getIsVisible()).map((c) => c.id)),
    choices: all
      .filter((c) => c.getCanHide())
      .flatMap((c) => {
        const column = byId.get(c.id);
        return column ? [{ column, shown: c.getIsVisible() }] : [];
      }),
    setShown: (columnId, shown) => table.getColumn(columnId)?.toggleVisibility(shown),
    resetColumns: () => {
      writeColumnChoices(tableId, {});
      setStored({ tableId, choices: {} });
    },
    sortOf: (columnId) => table.getColumn(columnId)?.getIsSorted() ?? false,
    toggleSort: (columnId) => table.getColumn(columnId)?.toggleSorting(),
  };
  return model;
}
