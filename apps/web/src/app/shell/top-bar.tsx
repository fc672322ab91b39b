import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import { AppBar, Badge, Box, Button, IconButton, Toolbar, Tooltip, Typography, useMediaQuery } from '@mui/material';
import type { Theme } from '@mui/material/styles';
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

/**
 * Title and subtitle of the screen, the notifications bell with its count and popover list, SIGN OUT. On a
 * phone SIGN OUT is an icon (its name and tooltip the same) and the title a step smaller, so that the
 * title is read whole ("DASHBOARD", not "DASH…": issue 31).
 */
export function TopBar({ newNotifications, drawerWidth, onOpenMenu, onSignOut }: TopBarProps) {
  const location = useLocation();
  const { title, subtitle } = screenTitle(location.pathname, location.search);
  const count = badgeCount(newNotifications, BADGE_MAX);
  const [bellAnchor, setBellAnchor] = useState<HTMLElement | null>(null);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
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
      <Toolbar sx={{ gap: { xs: 0.25, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        <IconButton edge="start" aria-label={LABELS.mainMenu} onClick={onOpenMenu} sx={{ display: { md: 'none' } }}>
          <MenuIcon />
        </IconButton>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <PageHeading noWrap sx={{ mb: 0, fontSize: { xs: '1.05rem', sm: undefined } }}>
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
        {phone ? (
          <Tooltip title={LABELS.signOut}>
            <IconButton aria-label={LABELS.signOut} onClick={onSignOut}>
              <LogoutOutlined />
            </IconButton>
          </Tooltip>
        ) : (
          <Button color="inherit" onClick={onSignOut}>
            {LABELS.signOut}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
