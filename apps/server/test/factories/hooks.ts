import { afterAll, beforeAll } from 'vitest';
import { buildTestApp, type TestContext } from './app';
import { buildStaffedCompany, type StaffedCompany, type StaffOptions } from './company';

/**
 * The app for the tests of a file or describe block: built before them (beforeAll), closed after them. The
 * object answered is filled in before the first test, so read it in tests and hooks, not while declaring.
 */
export function testApp(env: Record<string, string> = {}, opts: Parameters<typeof buildTestApp>[1] = {}): TestContext {
  const ctx = {} as TestContext;
  beforeAll(async () => {
    Object.assign(ctx, await buildTestApp(env, opts));
  });
  afterAll(async () => {
    await ctx.close?.();
  });
  return ctx;
}

/** A staffed company (buildStaffedCompany) made before the tests of the block, after its app. */
export function staffedCompany<const O extends StaffOptions = StaffOptions>(
  ctx: TestContext,
  opts?: O,
): StaffedCompany<O> {
  const company = {} as StaffedCompany<O>;
  beforeAll(async () => {
    Object.assign(company, await buildStaffedCompany(ctx, opts));
  });
  return company;
}
