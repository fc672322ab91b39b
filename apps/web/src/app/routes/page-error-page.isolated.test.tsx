import { MESSAGES } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderApp, signIn, userDetails } from '../../testing/render-app';

// The dashboard page fails to render: the error element of the protected pages takes its place.
vi.mock('../../features/dashboard/components/dashboard-page', () => ({
  DashboardPage: () => {
    throw new Error('Boom in the dashboard');
  },
}));

describe('an error in a protected page', () => {
  it('shows inside the shell and is reported once to POST /api/v1/sims/log-error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = makeUser();
    signIn(user);
    const reports: unknown[] = [];
    mockFetch((url, init) => {
      if (url.pathname === '/api/v1/permissions/user-details') return jsonResponse(userDetails(user, []));
      if (url.pathname === '/api/v1/sims/log-error' && init?.method === 'POST') {
        reports.push(JSON.parse(String(init.body)));
        return jsonResponse({ success: true });
      }
      return undefined;
    });
    const { router } = renderApp('/dashboard');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(MESSAGES.internal)).toBeTruthy();
    expect(within(alert).getByText('Boom in the dashboard')).toBeTruthy();
    // the shell stays: the menu and the top bar, with the error in the content area
    const main = screen.getByRole('main');
    expect(within(main).getByRole('alert')).toBe(alert);
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();

    await waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toMatchObject({
      message: 'Boom in the dashboard',
      url: expect.stringContaining('/dashboard'),
      component: 'route',
    });
    expect((reports[0] as { stack?: string }).stack).toContain('Boom in the dashboard');

    // another page of the menu works again, and nothing more is reported
    await router.navigate('/tools');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(reports).toHaveLength(1);
  });
});
