import { createTheme } from '@mui/material/styles';

/** System fonts only: the app loads nothing from other origins. */
const SYSTEM_FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  '"Liberation Sans"',
  'sans-serif',
].join(',');

export const theme = createTheme({
  palette: {
    primary: { main: '#1f4e8c' },
    secondary: { main: '#eb6d20' },
    background: { default: '#f4f6f9' },
  },
  typography: { fontFamily: SYSTEM_FONT_STACK },
  shape: { borderRadius: 8 },
});
