import { BUILDER_VIEW_PARAM, BUILDER_VIEW_TEXTS } from './builder-view';
import { PRODUCT_NAME } from './constants';

/** The route table of administration-and-support.md section 2. */
export interface RouteInfo {
  path: string;
  access: 'public' | 'protected';
  title: string;
  subtitle?: string;
}

export const ROUTES: readonly RouteInfo[] = [
  { path: '/login', access: 'public', title: 'LOGIN' },
  { path: '/permissiondenied', access: 'public', title: 'PERMISSION DENIED' },
  { path: '/forgotpassword', access: 'public', title: 'RESET PASSWORD' },
  { path: '/', access: 'protected', title: 'DASHBOARD' },
  { path: '/dashboard', access: 'protected', title: 'DASHBOARD' },
  { path: '/sims', access: 'protected', title: 'SIMS' },
  { path: '/sims/createsim', access: 'protected', title: 'SIMS', subtitle: 'CREATE SIM' },
  { path: '/sims/preview', access: 'protected', title: 'SIMS', subtitle: 'PREVIEW' },
  { path: '/sims/print', access: 'protected', title: 'SIMS', subtitle: 'PRINT' },
  { path: '/sims/takesim', access: 'protected', title: 'SIMS', subtitle: 'TAKE SIM' },
  { path: '/admin', access: 'protected', title: 'ADMIN' },
  { path: '/admin/createuser', access: 'protected', title: 'ADMIN' },
  { path: '/tools', access: 'protected', title: 'TOOLS' },
  { path: '/account', access: 'protected', title: 'ACCOUNT' },
  { path: '/settings', access: 'protected', title: 'SETTINGS' },
  { path: '/helpdesk', access: 'protected', title: 'HELPDESK' },
];

export function routeInfo(pathname: string): RouteInfo | undefined {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return ROUTES.find((r) => r.path === clean);
}

/** Title and subtitle of the top bar; createsim with a simId is EDIT SIM, or VIEW SIM when opened to view. */
export function screenTitle(pathname: string, search: string): { title: string; subtitle?: string } {
  const info = routeInfo(pathname);
  if (!info) return { title: 'NOT FOUND' };
  const params = new URLSearchParams(search);
  if (info.path === '/sims/createsim' && params.get('simId'))
    return {
      title: info.title,
      subtitle: params.get(BUILDER_VIEW_PARAM) === '1' ? BUILDER_VIEW_TEXTS.viewSim : 'EDIT SIM',
    };
  return { title: info.title, subtitle: info.subtitle };
}

/** The document title: product name plus the screen title. */
export function documentTitle(pathname: string, search: string): string {
  const { title, subtitle } = screenTitle(pathname, search);
  return `${PRODUCT_NAME} | ${subtitle ? `${title} - ${subtitle}` : title}`;
}

/**
 * The URL remembered when a signed-out user opens a protected route: for takesim, and for createsim
 * without a query, it is /sims; otherwise the URL itself.
 */
export function rememberedUrl(pathname: string, search: string): string {
  if (pathname === '/sims/takesim') return '/sims';
  if (pathname === '/sims/createsim' && (search === '' || search === '?')) return '/sims';
  return `${pathname}${search}`;
}

/** Only same-origin relative paths are accepted as a redirect after sign-in. */
export function safeRedirect(target: string | null | undefined, fallback = '/dashboard'): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  if (target.startsWith('/login')) return fallback;
  return target;
}

export type GuardDecision = { kind: 'allow' } | { kind: 'login'; remember: string };

export function guardProtected(authenticated: boolean, pathname: string, search: string): GuardDecision {
  if (authenticated) return { kind: 'allow' };
  return { kind: 'login', remember: rememberedUrl(pathname, search) };
}
