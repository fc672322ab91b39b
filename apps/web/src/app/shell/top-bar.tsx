import MenuIcon from '@mui/icons-material/Menu';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { AppBar, Badge, Box, Button, IconButton, Toolbar, Typography } from '@mui/material';
import { ADMIN_LIMITS, BADGE_MAX, badgeCount, LABELS, notificationsLabel, screenTitle } from '@sim/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { NotepadButton } from '../../features/class-notes/components/notepad-button';
import { RequestHelpButton } from '../../features/helpdesk/components/request-help-button';
import { NotificationsPopover } from '../../features/notifications/components/notifications-popover';
import { userDetailsQueryOptions } from '../../lib/session';

interface TopBarProps {
  newNotifications: number;
  drawerWidth: number;
  onOpenMenu: () => void;
  onSignOut: () => void;
}

/** Title and subtitle of the screen, the notifications bell with its count and popover list, SIGN OUT. */
export function TopBar({ newNotifications, drawerWidth, onOpenMenu, onSignOut }: TopBarProps) {
  const location = useLocation();
  const { title, subtitle } = screenTitle(location.pathname, location.search);
  const count = badgeCount(newNotifications, BADGE_MAX);
  const [bellAnchor, setBellAnchor] = useState<HTMLElement | null>(null);
  // the bell's count comes with the session; ask for it again now and then (same query, no extra call)
  useQuery({ ...userDetailsQueryOptions(), refetchInterval: ADMIN_LIMITS.bellRefreshMs });
  return (
    <AppBar
      position="fixed"
      color="inherit"
      elevation={0}
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        width: { md: `calc(100% - ${drawerWidth}px)` },
        ml: { md: `${drawerWidth}px` },
      }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <IconButton edge="start" aria-label={LABELS.mainMenu} onClick={onOpenMenu} sx={{ display: { md: 'none' } }}>
          <MenuIcon />
        </IconButton>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <PageHeading noWrap sx={{ mb: 0 }}>
            {title}
          </PageHeading>
          {subtitle ? (
            <Typography variant="body2" color="text.secondary" noWrap data-testid="screen-subtitle">
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        <RequestHelpButton />
        <NotepadButton />
        <IconButton
          aria-label={notificationsLabel(count)}
          aria-haspopup="dialog"
          onClick={(event) => setBellAnchor(event.currentTarget)}
        >
          <Badge badgeContent={count} max={BADGE_MAX} color="error">
            <NotificationsOutlined />
          </Badge>
        </IconButton>
        <NotificationsPopover anchorEl={bellAnchor} onClose={() => setBellAnchor(null)} />
        <Button color="inherit" onClick={onSignOut}>
          {LABELS.signOut}
        </Button>
      </Toolbar>
    </AppBar>
  );
}
