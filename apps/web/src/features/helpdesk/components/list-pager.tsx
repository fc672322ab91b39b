import { Stack, TablePagination, Typography } from '@mui/material';
import { HELPDESK_LIMITS, showingEntriesText } from '@sim/shared';

interface ListPagerProps {
  page: number;
  shown: number;
  total: number;
  capped?: boolean;
  onPage: (page: number) => void;
}

/** 'Showing x to y of total entries' and the pages, 10 a page (section 2). */
export function ListPager({ page, shown, total, capped = false, onPage }: ListPagerProps) {
  const limit = HELPDESK_LIMITS.pageSize;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', px: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {showingEntriesText(page, limit, shown, total, capped)}
      </Typography>
      <TablePagination
        component="div"
        count={capped ? -1 : total}
        page={page}
        rowsPerPage={limit}
        rowsPerPageOptions={[limit]}
        onPageChange={(_, next) => onPage(next)}
      />
    </Stack>
  );
}
