import { AUTHORING_LIMITS, AUTHORING_MESSAGES } from '@sim/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index';
import { expectFailure, staffedCompany, testApp } from './factories';

describe('POST /api/v1/sims/log-error', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });

  it('writes a client error to the audit log for any signed-in user', async () => {
    const res = await a.as.agent.post('/api/v1/sims/log-error', {
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
    expectFailure(await a.as.admin.post('/api/v1/sims/log-error', { message: '' }), 400, 'INVALID');
    expectFailure(await a.as.admin.post('/api/v1/sims/log-error', { message: 'x'.repeat(5000) }), 400, 'INVALID');
    expectFailure(await a.as.nobody.post('/api/v1/sims/log-error', { message: 'x' }), 401, 'UNAUTHORIZED');
  });

  it(`is limited to ${AUTHORING_LIMITS.logErrorPerMinute} reports a minute per user (429)`, async () => {
    for (let i = 0; i < AUTHORING_LIMITS.logErrorPerMinute; i++)
      expect((await a.as.manager.post('/api/v1/sims/log-error', { message: `error ${i}` })).statusCode).toBe(200);
    const limited = await a.as.manager.post('/api/v1/sims/log-error', { message: 'one more' });
    expectFailure(limited, 429, 'RATE_LIMITED', AUTHORING_MESSAGES.tooManyErrorReports);
    // another user is not limited
    expect((await a.as.supervisor.post('/api/v1/sims/log-error', { message: 'mine' })).statusCode).toBe(200);
  });
});
