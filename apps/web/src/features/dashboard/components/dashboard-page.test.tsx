import { UI_MESSAGES } from '@sim/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderApp, signIn, userDetails } from '../../../testing/render-app';

function at(hour: number) {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  vi.setSystemTime(new Date(2025, 4, 6, hour, 30));
}

describe('dashboard', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each([
    { hour: 9, greeting: 'Good Morning' },
    { hour: 13, greeting: 'Good Afternoon' },
    { hour: 18, greeting: 'Good Evening' },
    { hour: 21, greeting: 'Good Night' },
  ])('greets at $hour h with "$greeting"', async ({ hour, greeting }) => {
    at(hour);
    const user = makeUser();
    signIn(user);
    mockFetch((url) =>
      url.pathname === '/api/v1/permissions/user-details' ? jsonResponse(userDetails(user, [])) : undefined,
    );
    renderApp('/dashboard');
    expect(await screen.findByText(greeting)).toBeTruthy();
  });

  it('shows name, role, company (with company_name view) and says the assignments come later', async () => {
    const user = makeUser({ first_name: 'Sam', last_name: 'Super', role: 'supervisor', company_name: 'Demo Health' });
    signIn(user);
    mockFetch((url) =>
      url.pathname === '/api/v1/permissions/user-details'
        ? jsonResponse(userDetails(user, ['company_name:view']))
        : undefined,
    );
    renderApp('/');
    expect(await screen.findByText('Sam Super')).toBeTruthy();
    expect(screen.getByTestId('profile-role').textContent).toContain('supervisor');
    expect(screen.getByTestId('profile-company').textContent).toContain('Demo Health');
    expect(screen.getByText(UI_MESSAGES.assignmentsComingSoon)).toBeTruthy();
  });

  it('hides the company without company_name view', async () => {
    const user = makeUser({ company_name: 'Secret Co' });
    signIn(user);
    mockFetch((url) =>
      url.pathname === '/api/v1/permissions/user-details'
        ? jsonResponse(userDetails(user, ['sim_list:view']))
        : undefined,
    );
    renderApp('/dashboard');
    await screen.findByText('Ada Lovelace');
    expect(screen.queryByText(/Secret Co/)).toBeNull();
  });
});
