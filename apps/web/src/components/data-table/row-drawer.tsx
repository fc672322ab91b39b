import CloseIcon from '@mui/icons-material/Close';
import { Box, Drawer, IconButton, Stack, Typography } from '@mui/material';
import { DATA_TABLE_TEXTS as T } from '@sim/shared';
import { useId } from 'react';
import type { DataColumn } from './types';

/** A row's values as a list of header and value. */
export function ColumnValues<T>({ columns, row }: { columns: readonly DataColumn<T>[]; row: T }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', rowGap: 1.5, overflowWrap: 'anywhere' }}
    >
      {columns.map((column) => (
        <Box key={column.id}>
          <Typography component="dt" variant="caption" color="text.secondary" sx={{ fontWeight: 700 }}>
            {column.header}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
            {(column.detail ?? column.cell)(row)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

interface RowDrawerProps<T> {
  open: boolean;
  /** the row (kept while the drawer slides away) */
  row: T | null;
  title: string;
  /** the columns the drawer shows (those not in the table) */
  columns: readonly DataColumn<T>[];
  onClose: () => void;
}

/**
 * A row's details: the columns the table does not show, in a drawer from the right. It is a modal dialog
 * named by the row (the focus moves into it, stays there, and goes back to the button that opened it;
 * Escape closes it).
 */
export function RowDrawer<T>({ open, row, title, columns, onClose }: RowDrawerProps<T>) {
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={open && row !== null}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-modal': true,
          'aria-labelledby': titleId,
          sx: { width: { xs: '100%', sm: 400 }, maxWidth: '100%' },
        },
      }}
    >
      {row !== null ? (
        <Stack spacing={2} sx={{ p: 2 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
            <Box>
              <Typography variant="caption" color="text.secondary" component="p">
                {T.details}
              </Typography>
              <Typography id={titleId} variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
                {title}
              </Typography>
            </Box>
            <IconButton aria-label={T.close} onClick={onClose} edge="end">
              <CloseIcon />
            </IconButton>
          </Stack>
          <ColumnValues columns={columns} row={row} />
        </Stack>
      ) : null}
    </Drawer>
  );
}
