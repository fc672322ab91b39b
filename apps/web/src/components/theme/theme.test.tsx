import { alpha, darken, lighten, useTheme } from '@mui/material/styles';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
