import { Outlet } from 'react-router';
import { MuiTheme } from '../../components/theme/mui-theme';
import { ToastProvider } from '../../lib/toast';

/**
 * Every route but /login: the pages built with MUI get the app's theme and CssBaseline here, and the app's
 * one toast system (lib/toast). A lazy route, so MUI, emotion and notistack load with the first of these
 * pages, never with /login.
 */
export function MuiLayout() {
  return (
    <MuiTheme>
      <ToastProvider>
        <Outlet />
      </ToastProvider>
    </MuiTheme>
  );
}
