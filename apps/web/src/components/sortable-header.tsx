import { TableCell, TableSortLabel } from '@mui/material';
import type { ReactNode } from 'react';
import type { SortOrder } from '../lib/list-state';

interface SortableHeaderProps<S extends string> {
  column: S;
  sortBy: S;
  order: SortOrder;
  onSort: (column: S) => void;
  children: ReactNode;
}

/** A column header that sorts the server-side list by its column, toggling asc/desc. */
export function SortableHeader<S extends string>({ column, sortBy, order, onSort, children }: SortableHeaderProps<S>) {
  const active = sortBy === column;
  return (
    <TableCell sortDirection={active ? order : false}>
      <TableSortLabel active={active} direction={active ? order : 'asc'} onClick={() => onSort(column)}>
        {children}
      </TableSortLabel>
    </TableCell>
  );
}
