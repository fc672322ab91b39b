import { LABELS, MESSAGES } from '@sim/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderApp, signIn, userDetails } from '../../testing/render-app';
import { tokens } from '../theme';

async function renderShell() {
  const user = makeUser();
  signIn(user);
  mockFetch((url) =>
    url.pathname === '/api/v1/permissions/user-details'
      ? jsonResponse(userDetails(user, ['sim_list:view']))
      : undefined,
  );
  renderApp('/tools');
  expect(await screen.findByText(MESSAGES.comingSoon)).toBeTruthy();
}

describe('app shell', () => {
  it("gives the left menu a column as tall as the page, with the menu's background, and keeps the menu in view", async () => {
    await renderShell();
    const column = screen.getByTestId('side-menu-column');
    // the column is a flex item of the page's row: it stretches to the page's height, whatever the content
    expect(getComputedStyle(column.parentElement as HTMLElement).display).toBe('flex');
    expect(getComputedStyle(column).backgroundColor).toBe('rgb(255, 255, 255)');
    const paper = column.querySelector('.MuiDrawer-paper') as HTMLElement;
    // (jsdom applies no media query: the permanent drawer reads as hidden, as below md)
    expect(paper.querySelector('nav')?.getAttribute('aria-label')).toBe(LABELS.mainMenu);
    // in the column, not fixed to the window (a fixed menu's background ends with the first screenful)
    const style = getComputedStyle(paper);
    expect(style.position).toBe('sticky');
    expect(style.top).toBe('0px');
    expect(style.height).toBe('100vh');
    expect(getComputedStyle(paper.parentElement as HTMLElement).height).toBe('100%');
  });

  it('shows the screen title as the page heading of the scale', async () => {
    await renderShell();
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.className).toContain('MuiTypography-pageHeading');
    const style = getComputedStyle(heading);
    expect(style.fontSize).toBe(tokens.typography.heading.page.fontSize);
    expect(style.fontWeight).toBe(String(tokens.typography.heading.page.fontWeight));
  });
});
