import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { getToken } from '../../lib/auth-storage';

/** The id of the route of the protected pages (router.tsx): the guard that waits for the session. */
export const PROTECTED_ROUTE_ID = 'protected';
/** The id of the take-sim route (router.tsx). */
export const TAKE_SIM_ROUTE_ID = 'take-sim';

export interface FirstLoad {
  pathname: string;
  search: string;
  /** the navigation state of the entry (React Router keeps it in history.state.usr across a reload) */
  state?: unknown;
}

function matchedIds(routes: RouteObject[], pathname: string): string[] {
  return (matchRoutes(routes, pathname) ?? []).map((match) => match.route.id ?? '');
}

/** Whether the URL's page is behind the guard (not /login, /forgotpassword, /permissiondenied or a 404). */
export function isProtectedPath(routes: RouteObject[], pathname: string): boolean {
  return matchedIds(routes, pathname).includes(PROTECTED_ROUTE_ID);
}

/** The session (user-details): every protected page waits for it behind the guard. */
function prefetchSession(queryClient: QueryClient): Promise<void> {
  return import('../../lib/session').then((m) => queryClient.prefetchQuery(m.userDetailsQueryOptions()));
}

/** The level as authored (take-sim/details without an attempt): the take-sim screen's first call. */
async function prefetchTakeSimLevel(queryClient: QueryClient, load: FirstLoad): Promise<void> {
  const [{ wantsResultView }, { readTakeSimQuery }, { takeSimDetailsQueryOptions }] = await Promise.all([
    import('../../features/results/lib/result-params'),
    import('../../features/take-sim/lib/take-sim-params'),
    import('../../features/take-sim/api/take-sim-details'),
  ]);
  const params = new URLSearchParams(load.search);
  if (wantsResultView(params, load.state)) return;
  const query = readTakeSimQuery(params);
  if (!query) return;
  await queryClient.prefetchQuery(takeSimDetailsQueryOptions(query.levelId, query.assignmentId, null));
}

/**
 * The first load of a protected page with a stored token: starts the queries the page waits for at once,
 * beside the route modules, instead of one after the other once each module has loaded and rendered
 * (bench:web: the session request started some 200 ms after the last route chunk, the level's details a
 * further 250 ms after the session's answer). The queries' modules load lazily, as the pages' do: /login's
 * scripts do not grow. The same query keys and functions as the pages: a page finds the answer (or the
 * request under way) in the cache. Resolves when the answers are in; undefined when there is nothing to fetch.
 */
export function prefetchFirstLoad(
  queryClient: QueryClient,
  routes: RouteObject[],
  load: FirstLoad,
): Promise<void> | undefined {
  if (!getToken()) return undefined;
  const ids = matchedIds(routes, load.pathname);
  if (!ids.includes(PROTECTED_ROUTE_ID)) return undefined;
  const work = [prefetchSession(queryClient)];
  if (ids.includes(TAKE_SIM_ROUTE_ID)) work.push(prefetchTakeSimLevel(queryClient, load));
  return Promise.all(work).then(() => undefined);
}
