import { describe, expect, it } from 'vitest';
import { takeSimKeys } from '../../features/take-sim/api/keys';
import { createQueryClient } from '../../lib/query-client';
import { sessionKeys } from '../../lib/session-cache';
import { jsonResponse, makeUser, mockFetch, signIn, userDetails } from '../../testing/render-app';
import { routes } from '../router';
import { isProtectedPath, prefetchFirstLoad } from './first-load-prefetch';

const TAKE_SIM = '?levelId=l1&assignment_id=a1&sim_id=s1&user_id=u1&reviewer=false&order=0';
const DETAILS = { success: true, marker: 'the level as authored' };

function api() {
  const user = makeUser();
  signIn(user);
  const fetchMock = mockFetch((url) => {
    if (url.pathname === '/api/v1/permissions/user-details')
      return jsonResponse(userDetails(user, ['sim_list:view'], 2));
    if (url.pathname === '/api/v1/sims/take-sim/details') return jsonResponse(DETAILS);
    return undefined;
  });
  const paths = () => fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
  return { user, fetchMock, paths };
}

describe('the protected pages', () => {
  it.each(['/', '/dashboard', '/sims', '/sims/takesim', '/sims/createsim', '/admin', '/admin/createuser', '/helpdesk'])(
    '%s is behind the guard',
    (path) => expect(isProtectedPath(routes, path)).toBe(true),
  );

  it.each(['/login', '/forgotpassword', '/permissiondenied', '/no/such/page'])('%s is not', (path) =>
    expect(isProtectedPath(routes, path)).toBe(false),
  );
});

describe('the prefetch of the first load', () => {
  it('fetches user-details with the stored token and fills the session query', async () => {
    const { user, fetchMock, paths } = api();
    const queryClient = createQueryClient();
    await prefetchFirstLoad(queryClient, routes, { pathname: '/sims', search: '' });
    expect(paths()).toEqual(['/api/v1/permissions/user-details']);
    expect(new Headers(fetchMock.mock.calls[0][1]?.headers).get('authorization')).toBe('Bearer test-token');
    expect(queryClient.getQueryData(sessionKeys.userDetails())).toMatchObject({
      user: { _id: user._id },
      new_notifications: 2,
    });
  });

  it("fetches the take-sim screen's level beside the session, under the key the screen reads", async () => {
    const { fetchMock, paths } = api();
    const queryClient = createQueryClient();
    await prefetchFirstLoad(queryClient, routes, { pathname: '/sims/takesim', search: TAKE_SIM });
    expect(paths().sort()).toEqual(['/api/v1/permissions/user-details', '/api/v1/sims/take-sim/details']);
    const details = fetchMock.mock.calls.find(([input]) => String(input).includes('take-sim/details'));
    const query = new URL(String(details?.[0]), 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({ simLevelId: 'l1', assignment_id: 'a1' });
    expect(queryClient.getQueryData(takeSimKeys.details('l1', 'a1', null))).toEqual(DETAILS);
  });

  it.each([
    { why: 'the result view (query)', search: `${TAKE_SIM}&viewResult=true`, state: undefined },
    { why: 'the result view (navigation state)', search: TAKE_SIM, state: { viewResult: true } },
    { why: 'a query without the level', search: '?assignment_id=a1&sim_id=s1', state: undefined },
  ])('leaves the level alone for $why', async ({ search, state }) => {
    const { paths } = api();
    await prefetchFirstLoad(createQueryClient(), routes, { pathname: '/sims/takesim', search, state });
    expect(paths()).toEqual(['/api/v1/permissions/user-details']);
  });

  it('fetches nothing without a token', () => {
    const fetchMock = mockFetch(() => undefined);
    expect(prefetchFirstLoad(createQueryClient(), routes, { pathname: '/sims/takesim', search: TAKE_SIM })).toBe(
      undefined,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('fetches nothing on a public page, where a stale token must not send the user to /login', () => {
    const { fetchMock } = api();
    for (const pathname of ['/login', '/forgotpassword', '/permissiondenied', '/no/such/page'])
      expect(prefetchFirstLoad(createQueryClient(), routes, { pathname, search: '' })).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
