import {
  Box,
  Button,
  CircularProgress,
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Popover,
  Typography,
} from '@mui/material';
import { ADMIN_TEXTS, DISPLAY_DATE_FORMAT, type TNotificationItem } from '@sim/shared';
import dayjs from 'dayjs';
import { Fragment, useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { useInbox } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-read';

function NotificationText({ item: n }: { item: TNotificationItem }) {
  return (
    <ListItemText
      primary={n.message}
      secondary={`${n.created_by?.name ?? ''} · ${dayjs(n.created_date).format(DISPLAY_DATE_FORMAT)}`}
      slotProps={{ primary: { sx: { fontWeight: n.isNew ? 700 : 400, whiteSpace: 'pre-wrap' } } }}
    />
  );
}

interface NotificationsPopoverProps {
  anchorEl: HTMLElement | null;
  onClose: () => void;
}

/**
 * The bell's list: the user's notifications, newest first, 10 at a time. Once fetched they are marked
 * read, which sets the new count to 0 (spec section 4); new ones stay bold while the list is open. One the
 * server gave a link (a review request, a review decision: issue 31) is a link there, and closes the list.
 */
export function NotificationsPopover({ anchorEl, onClose }: NotificationsPopoverProps) {
  const open = Boolean(anchorEl);
  const inbox = useInbox(open);
  const markRead = useMarkNotificationsRead();
  const marked = useRef(false);
  const { mutate } = markRead;

  useEffect(() => {
    if (!open) {
      marked.current = false;
      return;
    }
    if (marked.current || !inbox.isSuccess || inbox.isFetching) return;
    marked.current = true;
    const ids = inbox.data.pages.flatMap((p) => p.notifList.filter((n) => n.isNew).map((n) => n._id));
    mutate({ notificationIds: ids, all: true });
  }, [open, inbox.isSuccess, inbox.isFetching, inbox.data, mutate]);

  const items = inbox.data?.pages.flatMap((p) => p.notifList) ?? [];
  return (
    <Popover
      open={open}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      // the bell announces a dialog (aria-haspopup): the popover is one, named by its title
      slotProps={{
        paper: {
          sx: { width: 360, maxHeight: 480 },
          role: 'dialog',
          'aria-label': ADMIN_TEXTS.notificationsPopoverTitle,
        },
      }}
    >
      <Box sx={{ px: 2, py: 1.5 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {ADMIN_TEXTS.notificationsPopoverTitle}
        </Typography>
      </Box>
      <Divider />
      {inbox.isError ? <ErrorState error={inbox.error} onRetry={() => void inbox.refetch()} /> : null}
      {inbox.isPending && !inbox.isError ? (
        <Box sx={{ p: 3, textAlign: 'center' }}>
          <CircularProgress size={24} />
        </Box>
      ) : null}
      {inbox.isSuccess && items.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {ADMIN_TEXTS.noNotificationsPopover}
        </Typography>
      ) : null}
      {items.length ? (
        <List dense aria-label={ADMIN_TEXTS.notificationsPopoverTitle}>
          {items.map((n, i) => (
            <Fragment key={n._id}>
              {i > 0 ? <Divider component="li" /> : null}
              <ListItem disablePadding={Boolean(n.link)}>
                {n.link ? (
                  <ListItemButton component={RouterLink} to={n.link} onClick={onClose}>
                    <NotificationText item={n} />
                  </ListItemButton>
                ) : (
                  <NotificationText item={n} />
                )}
              </ListItem>
            </Fragment>
          ))}
        </List>
      ) : null}
      {inbox.hasNextPage ? (
        <Box sx={{ p: 1, textAlign: 'center' }}>
          <Button size="small" onClick={() => void inbox.fetchNextPage()} disabled={inbox.isFetchingNextPage}>
            {ADMIN_TEXTS.loadMore}
          </Button>
        </Box>
      ) : null}
    </Popover>
  );
}
