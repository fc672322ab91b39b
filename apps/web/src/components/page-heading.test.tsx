import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tokens } from '../app/theme';
import { PageHeading, SectionHeading } from './page-heading';
import { MuiTheme } from './theme/mui-theme';

const { page, section, subsection } = tokens.typography.heading;

function expectStep(heading: HTMLElement, step: { fontSize: string; fontWeight: number; lineHeight: number }) {
  const style = getComputedStyle(heading);
  expect(style.fontSize).toBe(step.fontSize);
  expect(style.fontWeight).toBe(String(step.fontWeight));
  expect(style.lineHeight).toBe(String(step.lineHeight));
}

describe('PageHeading and SectionHeading', () => {
  it('are the h1, h2 and h3 of the one heading scale', () => {
    render(
      <MuiTheme>
        <PageHeading>Manage Members</PageHeading>
        <SectionHeading>Select Avatars</SectionHeading>
        <SectionHeading level={3}>Customer</SectionHeading>
      </MuiTheme>,
    );
    expectStep(screen.getByRole('heading', { level: 1, name: 'Manage Members' }), page);
    expectStep(screen.getByRole('heading', { level: 2, name: 'Select Avatars' }), section);
    expectStep(screen.getByRole('heading', { level: 3, name: 'Customer' }), subsection);
  });

  it('put actions on the heading line', () => {
    render(
      <MuiTheme>
        <SectionHeading actions={<button type="button">ADD</button>}>Groups</SectionHeading>
      </MuiTheme>,
    );
    const heading = screen.getByRole('heading', { level: 2, name: 'Groups' });
    const line = heading.parentElement as HTMLElement;
    expect(line.contains(screen.getByRole('button', { name: 'ADD' }))).toBe(true);
    expect(getComputedStyle(line).display).toBe('flex');
  });
});
