import { Outlet } from 'react-router';
import { MuiTheme } from '../../components/theme/mui-theme';

/**
 * Every route but /login: the pages built with MUI get the app's theme and CssBaseline here. A lazy route,
 * so MUI and emotion load with the first of these pages, never with /login.
 */
export function MuiLayout() {
  return (
    <MuiTheme>
      <Outlet />
    </MuiTheme>
  );
}
