import type { SxProps, Theme } from '@mui/material';
import type { ReactNode } from 'react';
import type { SortOrder } from '../../lib/list-state';

/**
 * Where a column is shown: `always` in the table (the person cannot hide it); `default` in the table until
 * the person hides it with the columns chooser; `optional` in the row's details until the person shows it.
 */
export type ColumnShow = 'always' | 'default' | 'optional';

/** One column of a data table. */
export interface DataColumn<T> {
  /** unique in the table; the server's sort key when the table sorts on the server */
  id: string;
  /** the header text (the spec's, kept exactly) */
  header: string;
  /** what a cell shows */
  cell: (row: T) => ReactNode;
  /** what the row's details (and a phone card) show, when it differs from the cell (a text the cell cuts) */
  detail?: (row: T) => ReactNode;
  /** the header is a sort button */
  sortable?: boolean;
  /** the value a table that sorts in the browser compares (default: the cell when it is a string or number) */
  sortValue?: (row: T) => string | number | null;
  /** default 'default' */
  show?: ColumnShow;
  /**
   * On a phone card: `title` is the card's heading, `field` shows it with its header, `actions` at the card's
   * foot; any other column is in the card's details.
   */
  card?: 'title' | 'field' | 'actions';
  /** figures read best right-aligned */
  align?: 'left' | 'right';
  /** the text may wrap (long texts); otherwise the cell keeps to one line */
  wrap?: boolean;
  /** the cell holds controls: a click or key in it does not open the row */
  controls?: boolean;
  /** the cells' (and header's) own style */
  sx?: SxProps<Theme>;
  /** the header cell's own style */
  headerSx?: SxProps<Theme>;
}

/** A table sorted by the server: the current column and order, and what a header click asks for. */
export interface ServerSort {
  by: string;
  order: SortOrder;
  /** called with the column's id (the caller flips the order of the sorted column, else sorts ascending) */
  onSort: (column: string) => void;
}

/** What a row of the table carries besides its cells. */
export interface DataRowOptions {
  /** the row opens something (a click, Enter or Space on the focused row) */
  onOpen?: () => void;
  /** the row's tooltip */
  title?: string;
  /** data-testid */
  testId?: string;
  /** data-* attributes (without the prefix), e.g. { tone: 'failed' } */
  data?: Record<string, string>;
  sx?: SxProps<Theme>;
}
