import { createTheme } from '@mui/material/styles';
import type { CSSProperties } from 'react';
import { tokens } from '../../app/theme';

declare module '@mui/material/styles' {
  interface TypographyVariants {
    pageHeading: CSSProperties;
    sectionHeading: CSSProperties;
    subsectionHeading: CSSProperties;
  }
  interface TypographyVariantsOptions {
    pageHeading?: CSSProperties;
    sectionHeading?: CSSProperties;
    subsectionHeading?: CSSProperties;
  }
}

declare module '@mui/material/Typography' {
  interface TypographyPropsVariantOverrides {
    pageHeading: true;
    sectionHeading: true;
    subsectionHeading: true;
  }
}

const { colour, typography, radius } = tokens;
const { page, section, subsection } = typography.heading;

/**
 * A field the user cannot change (readOnly) or may not change now (disabled): a flat tint and a dashed,
 * lighter border that hover does not darken, so it does not look like an input waiting for text.
 */
const readOnlyInput = {
  backgroundColor: colour.readOnlyBackground,
  '& .MuiOutlinedInput-notchedOutline, &:hover .MuiOutlinedInput-notchedOutline': {
    borderStyle: 'dashed',
    borderColor: colour.readOnlyBorder,
  },
};

export const theme = createTheme({
  palette: {
    // the text MUI puts on a coloured fill (contained buttons, filled chips) reads at WCAG AA's 4.5:1: black
    // where white would not (the orange secondary, warning, info)
    contrastThreshold: 4.5,
    primary: { main: colour.primary },
    secondary: { main: colour.secondary },
    background: { default: colour.background, paper: colour.paper },
  },
  spacing: tokens.spacing,
  shape: { borderRadius: radius.medium },
  typography: {
    fontFamily: typography.fontFamily,
    // the heading scale: its own variants (components/page-heading.tsx), and MUI's h5 and h6 (which pages,
    // dialog titles and cards use) on the same two steps
    pageHeading: page,
    sectionHeading: section,
    subsectionHeading: subsection,
    h5: page,
    h6: section,
    // buttons and tabs read as written (issue 31, "the look"): sentence case where the spec gives no capitals,
    // and the spec's own capitals (SEND FOR REVIEW, ALL DONE) because its texts are written that way
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiTypography: {
      defaultProps: {
        variantMapping: { pageHeading: 'h1', sectionHeading: 'h2', subsectionHeading: 'h3' },
      },
    },
    MuiInputBase: {
      styleOverrides: {
        root: {
          '&.MuiInputBase-readOnly, &.Mui-disabled': readOnlyInput,
          '&.MuiInputBase-readOnly, & .MuiInputBase-input.MuiInputBase-readOnly': { cursor: 'default' },
        },
      },
    },
    // the initials of a person without a picture: white on a grey that reads at 4.5:1 (MUI's default does not)
    MuiAvatar: { styleOverrides: { colorDefault: { backgroundColor: '#616161', color: '#fff' } } },
    MuiDialog: { styleOverrides: { paper: { borderRadius: radius.large } } },
  },
});
