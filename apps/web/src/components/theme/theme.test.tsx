import { Button, Tab, Tabs, TextField } from '@mui/material';
import { alpha, darken, lighten, useTheme } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokens } from '../../app/theme';
import baseline from './baseline.css?raw';
import { MuiTheme } from './mui-theme';
import { theme } from './theme';

/** A custom property of baseline.css, without its spaces (as the theme writes its values). */
function cssVar(name: string): string | undefined {
  return baseline
    .match(new RegExp(`--${name}:([^;]+);`))?.[1]
    .replace(/\/\*.*?\*\//g, '')
    .replace(/\s+/g, '')
    .replace(/(?<![#\w.])\d*\.?\d+(?![\w.])/g, (n) => String(Number(n)));
}

/** Without spaces, each bare number written plainly (the formatter writes 0.0 as 0). */
const squeeze = (value: string | number) =>
  String(value)
    .replace(/\s+/g, '')
    .replace(/(?<![#\w.])\d*\.?\d+(?![\w.])/g, (n) => String(Number(n)));

describe('baseline.css (the theme of the pages without MUI)', () => {
  const { palette } = theme;
  it.each([
    ['sc-font', theme.typography.fontFamily ?? ''],
    ['sc-radius', `${theme.shape.borderRadius}px`],
    ['sc-primary', palette.primary.main],
    ['sc-primary-dark', palette.primary.dark],
    ['sc-primary-contrast', palette.primary.contrastText],
    ['sc-primary-hover', alpha(palette.primary.main, palette.action.hoverOpacity)],
    ['sc-primary-underline', alpha(palette.primary.main, 0.4)],
    ['sc-background', palette.background.default],
    ['sc-paper', palette.background.paper],
    ['sc-text', palette.text.primary],
    ['sc-text-secondary', palette.text.secondary],
    ['sc-divider', palette.divider],
    ['sc-hover', palette.action.hover],
    ['sc-disabled', palette.action.disabled],
    ['sc-disabled-background', palette.action.disabledBackground],
    ...(['error', 'warning', 'info', 'success'] as const).flatMap((severity) => [
      [`sc-${severity}-text`, darken(palette[severity].light, 0.6)],
      [`sc-${severity}-background`, lighten(palette[severity].light, 0.9)],
      [`sc-${severity}-icon`, palette[severity].main],
    ]),
    ...[1, 2, 4, 6, 8].map((elevation) => [`sc-shadow-${elevation}`, theme.shadows[elevation]]),
    ['sc-heading-page-size', tokens.typography.heading.page.fontSize],
    ['sc-heading-page-weight', String(tokens.typography.heading.page.fontWeight)],
    ['sc-heading-page-line-height', String(tokens.typography.heading.page.lineHeight)],
    ['sc-ease-in-out', theme.transitions.easing.easeInOut],
    ['sc-ease-out', theme.transitions.easing.easeOut],
  ])('--%s is the theme’s %s', (name, value) => {
    expect(cssVar(name)).toBe(squeeze(value));
  });
});

/** Shows what the MUI theme of its place says. */
function Probe() {
  const { palette, typography, shape } = useTheme();
  return (
    <p>
      {palette.primary.main} {palette.background.default} {String(typography.fontFamily).split(',')[0]}{' '}
      {shape.borderRadius}
    </p>
  );
}

describe('MuiTheme', () => {
  it('gives its children the app theme', () => {
    render(
      <MuiTheme>
        <Probe />
      </MuiTheme>,
    );
    expect(screen.getByText('#1f4e8c #f4f6f9 system-ui 8')).toBeTruthy();
  });
});

describe('the theme is built from the tokens of app/theme.ts', () => {
  it('takes its colours, font, spacing and radius from them', () => {
    expect(theme.palette.primary.main).toBe(tokens.colour.primary);
    expect(theme.palette.secondary.main).toBe(tokens.colour.secondary);
    expect(theme.palette.background.default).toBe(tokens.colour.background);
    expect(theme.palette.background.paper).toBe(tokens.colour.paper);
    expect(theme.typography.fontFamily).toBe(tokens.typography.fontFamily);
    expect(theme.spacing(2)).toBe(`${2 * tokens.spacing}px`);
    expect(theme.shape.borderRadius).toBe(tokens.radius.medium);
  });

  it('has one heading scale: its own variants, and h5 and h6 on the page and section steps', () => {
    const { page, section, subsection } = tokens.typography.heading;
    expect(theme.typography.pageHeading).toMatchObject(page);
    expect(theme.typography.sectionHeading).toMatchObject(section);
    expect(theme.typography.subsectionHeading).toMatchObject(subsection);
    expect(theme.typography.h5).toMatchObject(page);
    expect(theme.typography.h6).toMatchObject(section);
  });
});

/** `#rrggbb` as getComputedStyle writes it. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

describe('fields the user cannot change', () => {
  function fieldRoot(label: string): HTMLElement {
    return screen.getByLabelText(label).closest('.MuiInputBase-root') as HTMLElement;
  }

  it('look read-only: a flat tint and a dashed border, unlike an editable field', () => {
    render(
      <MuiTheme>
        <TextField label="Editable" defaultValue="a" />
        <TextField label="Read only" defaultValue="b" slotProps={{ input: { readOnly: true } }} />
        <TextField label="Disabled" defaultValue="c" disabled />
      </MuiTheme>,
    );
    expect(getComputedStyle(fieldRoot('Editable')).backgroundColor).not.toBe(rgb(tokens.colour.readOnlyBackground));
    for (const label of ['Read only', 'Disabled']) {
      const root = fieldRoot(label);
      expect(getComputedStyle(root).backgroundColor, label).toBe(rgb(tokens.colour.readOnlyBackground));
      const outline = root.querySelector('.MuiOutlinedInput-notchedOutline') as HTMLElement;
      expect(getComputedStyle(outline).borderStyle, label).toBe('dashed');
    }
    expect(getComputedStyle(fieldRoot('Read only')).cursor).toBe('default');
  });
});

describe('labels of buttons and tabs (issue 31, the look)', () => {
  it('read as written: sentence case stays sentence case, the spec’s capitals stay capitals', () => {
    render(
      <MuiTheme>
        <Button>Save changes</Button>
        <Button variant="contained">SEND FOR REVIEW</Button>
        <Tabs value={0}>
          <Tab label="Sims" />
        </Tabs>
      </MuiTheme>,
    );
    for (const name of ['Save changes', 'SEND FOR REVIEW', 'Sims']) {
      const element = screen.getByRole(name === 'Sims' ? 'tab' : 'button', { name });
      expect(getComputedStyle(element).textTransform, name).toBe('none');
    }
    // without the theme, MUI would write them in capitals: the check above can fail
    render(<Button>Plain MUI</Button>);
    expect(getComputedStyle(screen.getByRole('button', { name: 'Plain MUI' })).textTransform).toBe('uppercase');
  });
});
