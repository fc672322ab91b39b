import { type APIRequestContext, type Browser, test as base, expect, type Page } from '@playwright/test';
import {
  defaultGrantsFor,
  hasAnyPermission,
  hasPermission,
  isAgentRole,
  permissionKey,
  ROLE_NAMES,
  routeInfo,
} from '@sim/shared';

/**
 * The test of every spec: fails when the page logs an error (a Content-Security-Policy refusal, an uncaught
 * exception). Chromium's own "Failed to load resource" lines for answers such as 401 are not errors of the app.
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return errors;
}

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors = collectPageErrors(page);
      await use(errors);
      expect(errors, 'errors logged by the page').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

export const DEMO_PASSWORD = 'Demo@12345';

/** The demo accounts of a fresh install (DECISIONS.md section 8). */
export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.local', role: ROLE_NAMES.admin },
  { email: 'owner@demo.local', role: ROLE_NAMES.accountOwner },
  { email: 'manager@demo.local', role: ROLE_NAMES.manager },
  { email: 'supervisor@demo.local', role: ROLE_NAMES.supervisor },
  { email: 'agent@demo.local', role: ROLE_NAMES.agent },
] as const;

const MENU_PATHS = ['/dashboard', '/sims', '/admin', '/helpdesk', '/settings'] as const;
export const ALL_MENU_LABELS = MENU_PATHS.map((p) => routeInfo(p)?.title ?? p);

/**
 * The menu a role should see with its default permissions, by the rule of the spec (administration-and-support.md
 * section 2), restated here so the app is checked against the spec, not against itself.
 */
export function expectedMenu(role: string): string[] {
  const perms = new Set<string>(defaultGrantsFor(role).map((g) => permissionKey(g.task, g.type)));
  const agent = isAgentRole(role);
  const show: Record<(typeof MENU_PATHS)[number], boolean> = {
    '/dashboard': true,
    '/sims': !agent && hasPermission(perms, 'sim_list', 'view'),
    '/admin':
      !agent &&
      (hasAnyPermission(perms, 'employee_list') ||
        hasAnyPermission(perms, 'groups') ||
        hasAnyPermission(perms, 'permissions') ||
        hasAnyPermission(perms, 'roles')),
    '/helpdesk': hasPermission(perms, 'tickets', 'view'),
    '/settings': true,
  };
  return MENU_PATHS.filter((p) => show[p]).map((p) => routeInfo(p)?.title ?? p);
}

export function mainMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}

/** Fills the sign-in form and submits it (the caller asserts where it lands). */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'SIGN IN', exact: true }).click();
}

/** Opens /login, signs in and waits for the dashboard. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(mainMenu(page)).toBeVisible();
}

/** A bearer token for direct API calls. */
export async function apiToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const response = await request.post('/api/v1/login/', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { token: string };
  return body.token;
}

export interface Session {
  page: Page;
  /** errors the page logged, collected like the `page` fixture's */
  errors: string[];
  close(): Promise<void>;
}

/**
 * A browser context signed in once as `email`, for a serial spec that keeps one page (sign-in is rate
 * limited per address and email).
 */
export async function signedInSession(browser: Browser, email: string): Promise<Session> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await signIn(page, email);
  return { page, errors, close: () => context.close() };
}

/**
 * The one signed-in page of a serial spec: signed in as `email` before all tests (then `ready` runs, to
 * keep the page and set it up), its logged errors checked after each test, closed after all.
 */
export function serialSession(email: string, ready: (session: Session) => void | Promise<void>): void {
  let session: Session | undefined;
  test.beforeAll(async ({ browser }) => {
    session = await signedInSession(browser, email);
    await ready(session);
  });
  test.afterEach(() => {
    expect(session?.errors, 'errors logged by the page').toEqual([]);
  });
  test.afterAll(async () => {
    await session?.close();
  });
}
