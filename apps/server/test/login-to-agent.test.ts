import { MESSAGES, ROLE_NAMES } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index';
import { bearer, buildCompany, buildUser, testApp, tokenFor } from './factories';

const URL = '/api/v1/login/login-to-agent-account';

describe('POST /api/v1/login/login-to-agent-account', () => {
  const ctx = testApp();

  it("opens an agent's account of the caller's company and writes the audit log", async () => {
    const company = await buildCompany(ctx);
    const admin = await buildUser(ctx, company, { role: ROLE_NAMES.admin });
    const agent = await buildUser(ctx, company, { role: ROLE_NAMES.agent });
    const res = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: bearer(await tokenFor(ctx, admin)),
      payload: { id: agent.id, email: agent.email },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, login_to_agent_account: true, user: { _id: agent.id, role: 'agent' } });
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/permissions/user-details',
      headers: bearer(body.token),
    });
    expect(me.json().user._id).toBe(agent.id);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, agent.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'login.as_agent', actorId: admin.id, companyId: company.companyId });
  });

  it('answers 404 for an agent of another company and 403 for a non-agent', async () => {
    const company = await buildCompany(ctx);
    const other = await buildCompany(ctx);
    const admin = await buildUser(ctx, company, { role: ROLE_NAMES.admin });
    const foreignAgent = await buildUser(ctx, other, { role: ROLE_NAMES.agent });
    const manager = await buildUser(ctx, company, { role: ROLE_NAMES.manager });
    const token = await tokenFor(ctx, admin);
    const foreign = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: bearer(token),
      payload: { id: foreignAgent.id },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: MESSAGES.notFound });
    expect(foreign.body).not.toContain(foreignAgent.email);
    const nonAgent = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: bearer(token),
      payload: { id: manager.id },
    });
    expect(nonAgent.statusCode).toBe(403);
    expect(nonAgent.json().message).toBe(MESSAGES.loginAsAgentOnlyAgents);
    const wrongEmail = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: bearer(token),
      payload: { id: foreignAgent.id, email: 'x@example.test' },
    });
    expect(wrongEmail.statusCode).toBe(404);
  });

  it('answers 400 for bad input, 401 signed out and 403 without employee_list update, forged headers or not', async () => {
    const company = await buildCompany(ctx);
    const admin = await buildUser(ctx, company, { role: ROLE_NAMES.admin });
    const supervisor = await buildUser(ctx, company, { role: ROLE_NAMES.supervisor });
    const agent = await buildUser(ctx, company, { role: ROLE_NAMES.agent });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: URL,
      headers: bearer(await tokenFor(ctx, admin)),
      payload: {},
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'INVALID', field: 'id' });
    expect((await ctx.app.inject({ method: 'POST', url: URL, payload: { id: agent.id } })).statusCode).toBe(401);
    for (const who of [supervisor, agent]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: URL,
        headers: { ...bearer(await tokenFor(ctx, who)), task: 'employee_list', type: 'update' },
        payload: { id: agent.id },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
  });
});
