import { Box, TablePagination, Typography } from '@mui/material';
import { ADMIN_TEXTS } from '@sim/shared';
import { PAGE_SIZES } from '../lib/list-state';

interface PagedTableFooterProps {
  /** shown instead of rows when the page is empty */
  emptyText: string;
  empty: boolean;
  total: number;
  page: number;
  limit: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}

/** Below a table with server paging: the empty text when there are no rows, then the pager. */
export function PagedTableFooter(props: PagedTableFooterProps) {
  return (
    <>
      {props.empty ? (
        <Box sx={{ py: 4, textAlign: 'center' }}>
          <Typography color="text.secondary">{props.emptyText}</Typography>
        </Box>
      ) : null}
      <TablePagination
        component="div"
        count={props.total}
        page={props.page}
        rowsPerPage={props.limit}
        rowsPerPageOptions={[...PAGE_SIZES]}
        labelRowsPerPage={ADMIN_TEXTS.rowsPerPage}
        onPageChange={(_, page) => props.onPage(page)}
        onRowsPerPageChange={(event) => props.onLimit(Number(event.target.value))}
      />
    </>
  );
}
