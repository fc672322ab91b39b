import { type RouteAccess, requires } from './access';

/** Platform, sign-in and account routes. */
export const AUTH_ROUTES: Record<string, RouteAccess> = {
  // platform
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/*': 'public',
  // sign-in and accounts
  'POST /api/v1/login/': 'public',
  'POST /api/v1/login/forgot-password': 'public',
  'POST /api/v1/login/reset-password': 'public',
  'POST /api/v1/login/login-to-agent-account': requires('employee_list', 'update'),
  'GET /api/v1/users/check-invitation': 'public',
  'POST /api/v1/users/register': 'public',
  'GET /api/v1/permissions/user-details': 'signedIn',
  'GET /api/v1/outbox': 'platformAdmin',
};
