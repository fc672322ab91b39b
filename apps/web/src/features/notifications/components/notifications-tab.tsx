import {
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { ADMIN_TEXTS, DISPLAY_DATE_FORMAT, NOTIFICATION_INBOX_PAGE, NOTIFICATION_SENT_PAGE } from '@sim/shared';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ErrorState } from '../../../components/error-state';
import { PageSpinner } from '../../../components/page-spinner';
import { PagedTableFooter } from '../../../components/paged-table-footer';
import { PermissionTooltip } from '../../../components/permission-tooltip';
import { SearchBox } from '../../../components/search-box';
import { SortableHeader } from '../../../components/sortable-header';
import { listConfig, useListState, usePageInRange } from '../../../lib/list-state';
import { usePermissions } from '../../../lib/session';
import { useToast } from '../../../lib/toast';
import { useNotifications } from '../api/get-notifications';
import { NotificationDialog } from './notification-dialog';

/** The notifications list in the URL: the newest first; sorted by date only. */
const NOTIFICATION_LIST = listConfig({ sortKeys: ['created_date'], sortBy: 'created_date', order: 'desc' });

/**
 * The NOTIFICATIONS tab (always shown): '+ ADD NEW NOTIFICATION' (notifications create) and the sent
 * notifications of the company (notifications view); without that view, the user's own notifications.
 */
export function NotificationsTab() {
  const { can } = usePermissions();
  const sentList = can('notifications', 'view');
  const list = useListState(NOTIFICATION_LIST);
  const [dialogOpen, setDialogOpen] = useState(false);
  const toast = useToast();
  const query = useNotifications({
    skip: list.skip,
    limit: list.state.limit,
    textSearch: list.state.textSearch,
    order: list.state.order,
    notificationListingPage: sentList ? NOTIFICATION_SENT_PAGE : NOTIFICATION_INBOX_PAGE,
  });
  const rows = query.data?.notifList ?? [];
  usePageInRange(list, query.isFetching ? undefined : query.data?.total);

  let table = null;
  if (query.isError && !query.data) table = <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  else if (!query.data) table = <PageSpinner />;
  else
    table = (
      <>
        <TableContainer>
          <Table size="small" aria-label={sentList ? ADMIN_TEXTS.manageNotifications : ADMIN_TEXTS.myNotifications}>
            <TableHead>
              <TableRow>
                <TableCell>{ADMIN_TEXTS.message}</TableCell>
                <TableCell>{ADMIN_TEXTS.sentBy}</TableCell>
                <SortableHeader
                  column="created_date"
                  sortBy={list.state.sortBy}
                  order={list.state.order}
                  onSort={list.sort}
                >
                  {ADMIN_TEXTS.sentOn}
                </SortableHeader>
                {sentList ? <TableCell>{ADMIN_TEXTS.recipientsCount}</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((n) => (
                <TableRow key={n._id} hover>
                  <TableCell sx={{ whiteSpace: 'pre-wrap', maxWidth: 480, fontWeight: n.isNew ? 700 : undefined }}>
                    {n.message}
                  </TableCell>
                  <TableCell>{n.created_by?.name ?? ''}</TableCell>
                  <TableCell>{dayjs(n.created_date).format(DISPLAY_DATE_FORMAT)}</TableCell>
                  {sentList ? <TableCell>{n.recipients_count}</TableCell> : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <PagedTableFooter
          empty={rows.length === 0}
          emptyText={ADMIN_TEXTS.noNotificationsSent}
          total={query.data.total}
          page={list.state.page}
          limit={list.state.limit}
          onPage={list.setPage}
          onLimit={list.setLimit}
        />
      </>
    );

  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h2">
        {sentList ? ADMIN_TEXTS.manageNotifications : ADMIN_TEXTS.myNotifications}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}>
        <SearchBox value={list.state.textSearch} onSearch={list.search} />
        <PermissionTooltip allowed={can('notifications', 'create')} title={ADMIN_TEXTS.noPermissionSendNotification}>
          <Button variant="contained" disabled={!can('notifications', 'create')} onClick={() => setDialogOpen(true)}>
            {ADMIN_TEXTS.addNewNotification}
          </Button>
        </PermissionTooltip>
      </Stack>
      {table}
      <NotificationDialog
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        onSent={(message) => {
          setDialogOpen(false);
          toast.show('success', message);
        }}
      />
    </Stack>
  );
}
