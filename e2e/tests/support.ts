import { type APIRequestContext, type Browser, test as base, expect, type Page } from '@playwright/test';
import {
  defaultGrantsFor,
  EVIDENCE_TEXTS,
  hasAnyPermission,
  hasPermission,
  permissionKey,
  routeInfo,
} from '@sim/shared';
import { buildStaffedCompany, type Seed } from '../../apps/server/test/factories/company';
import { connectSeed, sessionUser } from './seed';

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

export const test = base.extend<{ consoleErrors: string[] }, { seed: Seed }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors = collectPageErrors(page);
      await use(errors);
      expect(errors, 'errors logged by the page').toEqual([]);
    },
    { auto: true },
  ],
  /** the test factories' handle on the database of the server under test (./seed.ts) */
  seed: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's own fixtures from this pattern
    async ({}, use) => {
      const { seed, database } = connectSeed();
      await use(seed);
      await database.close();
    },
    { scope: 'worker' },
  ],
});
export { expect };

export const DEMO_PASSWORD = 'Demo@12345';

const MENU_PATHS = ['/dashboard', '/sims', '/admin', '/helpdesk', '/settings'] as const;
export const ALL_MENU_LABELS = MENU_PATHS.map((p) => routeInfo(p)?.title ?? p);

/**
 * The menu a role should see with its default permissions, by the rule of the spec (administration-and-support.md
 * section 2), restated here so the app is checked against the spec, not against itself.
 */
export function expectedMenu(role: string): string[] {
  const perms = new Set<string>(defaultGrantsFor(role).map((g) => permissionKey(g.task, g.type)));
  const show: Record<(typeof MENU_PATHS)[number], boolean> = {
    '/dashboard': true,
    // "not for agents" holds through the agent's default permissions, not through its name
    '/sims': hasPermission(perms, 'sim_list', 'view'),
    '/admin':
      hasAnyPermission(perms, 'employee_list') ||
      hasAnyPermission(perms, 'groups') ||
      hasAnyPermission(perms, 'permissions') ||
      hasAnyPermission(perms, 'roles'),
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

/** Opens /login, signs in through the form and waits for the dashboard (for the tests of signing in). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await submitSignIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(mainMenu(page)).toBeVisible();
}

/** A bearer token through the sign-in route (rate limited: only for the demo seed's own checks). */
export async function apiToken(request: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const response = await request.post('/api/v1/login/', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/** Bearer headers for direct API calls with a token the factories minted. */
export const authHeaders = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * A company of the spec's own, built by the factories: Ada admin (also a platform administrator, like the
 * demo's), Olive account owner, Marco manager, Sofia supervisor, Alex and Bruno agents (last name = role), a
 * cohort group holding Alex, and a token of each.
 */
export function buildTeam(seed: Seed) {
  return buildStaffedCompany(seed, { platformAdmin: true, owner: true, agent2: true, cohort: true });
}
export type Team = Awaited<ReturnType<typeof buildTeam>>;

/**
 * Opens the app signed in with a token the factories minted, as the web app keeps a session: token and user
 * in localStorage, put there before the page loads, once per tab (so a sign-out in the test stays signed out).
 */
export async function openSignedIn(page: Page, token: string, path = '/dashboard') {
  const user = JSON.stringify(await sessionUser(page.request, token));
  await page.addInitScript(
    ({ token, user }) => {
      if (location.protocol !== 'http:' || sessionStorage.getItem('e2e-session')) return;
      sessionStorage.setItem('e2e-session', 'seeded');
      localStorage.setItem('token', token);
      localStorage.setItem('user', user);
    },
    { token, user },
  );
  await page.goto(path);
  await expect(mainMenu(page)).toBeVisible();
}

export interface Session {
  page: Page;
  /** errors the page logged, collected like the `page` fixture's */
  errors: string[];
  close(): Promise<void>;
}

/** A browser context of its own, signed in with the token, for a spec that keeps one page per user. */
export async function signedInSession(browser: Browser, token: string): Promise<Session> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await openSignedIn(page, token);
  return { page, errors, close: () => context.close() };
}

/**
 * The one signed-in page of a serial spec: `token` builds what the spec needs with the factories and answers
 * the token of the user to sign in as; then `ready` runs, to keep the page and set it up. Its logged errors
 * are checked after each test; it is closed after all.
 */
export function serialSession(
  token: (seed: Seed) => Promise<string>,
  ready: (session: Session) => void | Promise<void>,
): void {
  let session: Session | undefined;
  test.beforeAll(async ({ browser, seed }) => {
    session = await signedInSession(browser, await token(seed));
    await ready(session);
  });
  test.afterEach(() => {
    expect(session?.errors, 'errors logged by the page').toEqual([]);
  });
  test.afterAll(async () => {
    await session?.close();
  });
}

/**
 * A missed keyword as the real-time feedback lists it (issue 30): the keyword, then what was expected and what
 * the recogniser heard in its place (or that it heard nothing there).
 */
export function missedWithEvidence(keyword: string): RegExp {
  const quote = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const expected = EVIDENCE_TEXTS.expectedNothing(keyword).replace(/, nothing heard in its place$/, '');
  return new RegExp(`^${quote(keyword)}${quote(expected)}, (heard .+|nothing heard in its place)$`);
}
