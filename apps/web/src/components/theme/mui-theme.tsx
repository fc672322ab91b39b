import { CssBaseline, ThemeProvider } from '@mui/material';
import type { ReactNode } from 'react';
import { theme } from './theme';

/**
 * The app's MUI theme and CssBaseline, around every part of the app that uses MUI: the routes other than
 * /login (app/routes/mui-layout.tsx) and the dialogs the sign-in page opens. /login itself uses no MUI
 * (components/plain and theme/baseline.css, the same colours and fonts).
 */
export function MuiTheme({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
