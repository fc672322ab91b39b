import { Box, Divider, Drawer, LinearProgress, Toolbar, Typography } from '@mui/material';
import { COPYRIGHT, LABELS, PRODUCT_NAME } from '@sim/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useNavigate, useNavigation } from 'react-router';
import { LoginAsBar } from '../../features/auth/components/login-as-bar';
import { clearAllLocalStorage } from '../../lib/auth-storage';
import { useSession } from '../../lib/session';
import { menuItemsFor } from '../menu';
import { tokens } from '../theme';
import { SideMenu } from './side-menu';
import { TopBar } from './top-bar';

const DRAWER_WIDTH = tokens.layout.drawerWidth;

/**
 * The signed-in frame: left menu, top bar, the login-as bar in an agent's account opened by an
 * administrator, content, footer. From md up the menu is a column as tall as the page (its background runs
 * to the footer however long the page is) whose list stays in view while the page scrolls.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { permissions, newNotifications, user } = useSession();
  const [mobileOpen, setMobileOpen] = useState(false);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const items = menuItemsFor(permissions);
  // the next page's chunk is loading: the current page stays, a bar says something is on its way
  const loading = useNavigation().state === 'loading';

  const signOut = async () => {
    // Leave the protected pages first, so the guard does not remember this page for the next user.
    await navigate('/login', { replace: true, state: { signedOut: true } });
    clearAllLocalStorage();
    queryClient.clear();
  };

  const drawer = (
    <>
      <Toolbar>
        <Typography variant="h6" component="div" sx={{ fontWeight: 700 }}>
          {PRODUCT_NAME}
        </Typography>
      </Toolbar>
      <Divider />
      <SideMenu items={items} onNavigate={() => setMobileOpen(false)} />
    </>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      {loading ? (
        <LinearProgress
          aria-label={LABELS.loading}
          sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (t) => t.zIndex.appBar + 1 }}
        />
      ) : null}
      <TopBar
        newNotifications={newNotifications}
        drawerWidth={DRAWER_WIDTH}
        onOpenMenu={() => setMobileOpen(true)}
        onSignOut={() => void signOut()}
      />
      <Box
        component="aside"
        data-testid="side-menu-column"
        sx={{
          width: { md: DRAWER_WIDTH },
          flexShrink: { md: 0 },
          bgcolor: 'background.paper',
          borderRight: { md: 1 },
          borderColor: { md: 'divider' },
        }}
      >
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: false }}
          sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
        >
          {drawer}
        </Drawer>
        <Drawer
          variant="permanent"
          open
          sx={{
            display: { xs: 'none', md: 'block' },
            height: '100%',
            // in the column, not fixed to the window: the column's background is the menu's, to the page's end
            '& .MuiDrawer-paper': {
              width: DRAWER_WIDTH,
              position: 'sticky',
              top: 0,
              height: '100vh',
              border: 0,
              bgcolor: 'transparent',
            },
          }}
        >
          {drawer}
        </Drawer>
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar sx={{ minHeight: { xs: 64, sm: 72 } }} />
        {user ? <LoginAsBar userName={`${user.first_name} ${user.last_name}`.trim()} /> : null}
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 2, md: 3 } }}>
          {children}
        </Box>
        <Box component="footer" sx={{ py: 2, textAlign: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            {COPYRIGHT}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
