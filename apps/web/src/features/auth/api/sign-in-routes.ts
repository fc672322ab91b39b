import type { authApi } from '@sim/shared';
import type { RouteTarget } from '../../../lib/api-client';

interface SignInRoutes {
  login: RouteTarget<typeof authApi.login>;
  checkInvitation: RouteTarget<typeof authApi.checkInvitation>;
}

/**
 * The routes /login calls, as their method, URL and access only: `authApi`'s values hold zod schemas, which
 * would load zod with the sign-in page. The types are the contracts' own (TypeScript refuses a URL, a
 * method or an access that differs from the contract's), and sign-in-routes.test.ts compares the values.
 */
export const signInRoutes: SignInRoutes = {
  login: { method: 'POST', url: '/api/v1/login/', access: 'public' },
  checkInvitation: { method: 'GET', url: '/api/v1/users/check-invitation', access: 'public' },
};
