/**
 * The app's design tokens, written once. The MUI theme (components/theme/theme.ts) is built from them, and
 * the CSS of the pages without MUI (/login, the first-load spinner: components/theme/baseline.css) repeats
 * them as custom properties that theme.test.tsx holds equal to these. Plain values, no MUI import: /login
 * may read them without loading MUI.
 */

/** System fonts only: the app loads nothing from other origins. */
const FONT_FAMILY = [
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

export interface HeadingToken {
  fontSize: string;
  fontWeight: number;
  lineHeight: number;
}

export const tokens = {
  colour: {
    primary: '#1f4e8c',
    secondary: '#eb6d20',
    /** the page behind cards and tables */
    background: '#f4f6f9',
    /** cards, dialogs, the top bar and the left menu */
    paper: '#fff',
    /** a field that shows a value the user cannot change: a flat tint instead of the white of an input */
    readOnlyBackground: '#eef1f5',
    /** its border: dashed, lighter than an editable field's, the same on hover */
    readOnlyBorder: 'rgba(0, 0, 0, 0.18)',
  },
  typography: {
    fontFamily: FONT_FAMILY,
    /**
     * The heading scale (components/page-heading.tsx): the title of a screen (the top bar's, or a page of
     * its own such as the reset page), a section of a screen (a card, a tab's panel, a dialog's title), and
     * a part of a section.
     */
    heading: {
      page: { fontSize: '1.375rem', fontWeight: 700, lineHeight: 1.3 },
      section: { fontSize: '1.125rem', fontWeight: 600, lineHeight: 1.4 },
      subsection: { fontSize: '1rem', fontWeight: 600, lineHeight: 1.5 },
    } satisfies Record<string, HeadingToken>,
  },
  /** MUI's spacing unit in pixels: `sx={{ p: 2 }}` is 16 px */
  spacing: 8,
  radius: {
    /** chips, small controls */
    small: 4,
    /** the default: buttons, fields, cards */
    medium: 8,
    /** dialogs */
    large: 12,
  },
  layout: {
    /** the left menu's width from the md breakpoint */
    drawerWidth: 232,
  },
} as const;
