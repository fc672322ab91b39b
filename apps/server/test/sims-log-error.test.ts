import { AUTHORING_LIMITS, AUTHORING_MESSAGES } from '@sim/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index';
import { buildTestApp, type TestContext } from './helpers';
import { type AuthoringCompany, buildAuthoringCompany, expectError } from './sims-fixtures';

describe('POST /api/v1/sims/log-error', () => {
  let ctx: TestContext;
  let a: AuthoringCompany;
  beforeAll(async () => {
    ctx = await buildTestApp();
    a = await buildAuthoringCompany(ctx);
  });
  afterAll(() => ctx.close());

  it('writes a client error to the audit log for any signed-in user', async () => {
    const res = await a.sim.agent.post('/api/v1/sims/log-error', {
      message: 'TypeError: x is undefined',
      stack: 'at ScriptRow (script-row.tsx:10)',
      url: '/sims/createsim?simId=1',
      component: 'ScriptRow',
      info: { step: 2 },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: AUTHORING_MESSAGES.errorLogged });
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, a.users.agent.id), eq(auditLog.action, 'client.error')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      companyId: a.company.companyId,
      targetType: 'client',
      details: { message: 'TypeError: x is undefined', component: 'ScriptRow', url: '/sims/createsim?simId=1' },
    });
  });

  it('refuses an empty report (400) and the signed out (401)', async () => {
    expectError(await a.sim.admin.post('/api/v1/sims/log-error', { message: '' }), 400);
    expectError(await a.sim.admin.post('/api/v1/sims/log-error', { message: 'x'.repeat(5000) }), 400);
    expectError(await a.sim.nobody.post('/api/v1/sims/log-error', { message: 'x' }), 401);
  });

  it(`is limited to ${AUTHORING_LIMITS.logErrorPerMinute} reports a minute per user (429)`, async () => {
    for (let i = 0; i < AUTHORING_LIMITS.logErrorPerMinute; i++)
      expect((await a.sim.manager.post('/api/v1/sims/log-error', { message: `error ${i}` })).statusCode).toBe(200);
    const limited = await a.sim.manager.post('/api/v1/sims/log-error', { message: 'one more' });
    expectError(limited, 429, AUTHORING_MESSAGES.tooManyErrorReports);
    // another user is not limited
    expect((await a.sim.supervisor.post('/api/v1/sims/log-error', { message: 'mine' })).statusCode).toBe(200);
  });
});
