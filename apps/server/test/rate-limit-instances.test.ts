import { MESSAGES } from '@sim/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../src/db/schema/index';
import { hit, sweepEnded } from '../src/plugins/rate-limit-store';
import { buildTestApp, type TestContext, unique } from './factories';

/**
 * The routes' rate limits are counted in PostgreSQL (plugins/rate-limit-store.ts): two instances on one
 * database allow the limit in all, not twice it. Registration is the route: 3 tries a minute per address
 * and email here.
 */
describe('rate limits shared by the instances', () => {
  let a: TestContext;
  let b: TestContext;
  const env = { LOGIN_RATE_LIMIT_MAX: '3', LOGIN_RATE_LIMIT_WINDOW_MS: '60000' };

  beforeAll(async () => {
    [a, b] = await Promise.all([buildTestApp(env), buildTestApp(env)]);
  });
  afterAll(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  const register = (ctx: TestContext, email: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/users/register',
      payload: {
        email,
        password: 'Str0ng-password',
        first_name: 'Nora',
        last_name: 'Founder',
        company_name: 'Acme Care',
        phone_number: '+1 (555) 123-4567',
        allowNewCompany: 'not-a-real-invitation',
      },
    });

  it('counts the tries on either instance together: the fourth is refused on both', async () => {
    const email = `${unique('limit')}@example.test`;
    const answers = [];
    for (const ctx of [a, b, a]) answers.push(await register(ctx, email));
    // counted, then refused by the handler for the invitation
    for (const res of answers) expect(res.statusCode).not.toBe(429);
    for (const ctx of [b, a]) {
      const limited = await register(ctx, email);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        success: false,
        code: 'RATE_LIMITED',
        message: MESSAGES.loginRateLimited,
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    // another email from the same address has its own count
    expect((await register(b, `${unique('other')}@example.test`)).statusCode).not.toBe(429);
  });

  it('counts parallel tries exactly, and never stores the email', async () => {
    const email = `${unique('burst')}@example.test`;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => register(i % 2 ? a : b, email)));
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(5);
    const rows = await a.db.execute<{ key: string }>(sql`select key from rate_limits where key like ${`%${email}%`}`);
    expect(rows.rows).toHaveLength(0);
  });

  it('starts a window again once it has ended, and sweeps ended rows', async () => {
    const key = unique('window');
    expect(await hit(a.db, key, 50)).toMatchObject({ current: 1 });
    const second = await hit(b.db, key, 50);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThanOrEqual(0);
    expect(second.ttl).toBeLessThanOrEqual(50);
    await new Promise((resolve) => setTimeout(resolve, 80));
    const again = await hit(a.db, key, 60_000);
    expect(again.current).toBe(1);
    expect(again.ttl).toBeGreaterThan(59_000);
    // ended a while ago: swept
    await a.db
      .update(rateLimits)
      .set({ windowEnds: new Date(Date.now() - 2 * 3600_000) })
      .where(eq(rateLimits.key, key));
    await sweepEnded(a.db);
    expect(await a.db.select().from(rateLimits).where(eq(rateLimits.key, key))).toHaveLength(0);
  });
});
