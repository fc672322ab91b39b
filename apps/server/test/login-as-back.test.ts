import { LOGIN_AS_TEXTS, ROLE_NAMES } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index';
import { bearer, buildCompany, buildUser, caller, testApp, tokenFor } from './factories';

const LOGIN_AS = '/api/v1/login/login-to-agent-account';
const BACK = '/api/v1/login/back-to-own-account';
const ME = '/api/v1/permissions/user-details';

describe('POST /api/v1/login/back-to-own-account', () => {
  const ctx = testApp();

  async function inAgentAccount() {
    const company = await buildCompany(ctx);
    const admin = await buildUser(ctx, company, { role: ROLE_NAMES.admin });
    const agent = await buildUser(ctx, company, { role: ROLE_NAMES.agent });
    const opened = await caller(ctx, await tokenFor(ctx, admin)).post(LOGIN_AS, { id: agent.id });
    expect(opened.statusCode).toBe(200);
    return { company, admin, agent, opened: opened.json() as { token: string; expires_at: string } };
  }

  it("gives the administrator's own session back, ending when the agent's session would have", async () => {
    const { admin, agent, opened } = await inAgentAccount();
    const asAgent = caller(ctx, opened.token);
    expect((await asAgent.get(ME)).json().user._id).toBe(agent.id);

    const back = await asAgent.post(BACK);
    expect(back.statusCode).toBe(200);
    const body = back.json();
    expect(body).toMatchObject({ success: true, login_to_agent_account: false, user: { _id: admin.id } });
    expect(body.permissions.length).toBeGreaterThan(0);
    // no longer than the session login-as opened: going back and forth never lengthens it
    expect(body.expires_at).toBe(opened.expires_at);

    const me = await caller(ctx, body.token).get(ME);
    expect(me.statusCode).toBe(200);
    expect(me.json().user._id).toBe(admin.id);
    // the administrator's own token is not a token of another account: there is no way further back
    const again = await caller(ctx, body.token).post(BACK);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      success: false,
      code: 'RULE_BROKEN',
      message: LOGIN_AS_TEXTS.notInAnotherAccount,
    });
  });

  it("refuses a token of one's own account (an agent's, an administrator's) and a signed-out call", async () => {
    const company = await buildCompany(ctx);
    const admin = await buildUser(ctx, company, { role: ROLE_NAMES.admin });
    const agent = await buildUser(ctx, company, { role: ROLE_NAMES.agent });
    for (const who of [admin, agent]) {
      const res = await caller(ctx, await tokenFor(ctx, who)).post(BACK);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 'RULE_BROKEN', message: LOGIN_AS_TEXTS.notInAnotherAccount });
      expect(res.body).not.toContain('"token"');
    }
    const signedOut = await ctx.app.inject({ method: 'POST', url: BACK });
    expect(signedOut.statusCode).toBe(401);
    const forged = await ctx.app.inject({ method: 'POST', url: BACK, headers: bearer('not-a-token') });
    expect(forged.statusCode).toBe(401);
  });

  it('gives nothing back once the administrator is deactivated, deleted or changed password', async () => {
    // a change made after the agent's token was issued (a password change sets tokens_valid_after)
    for (const change of [
      () => ({ status: 'inActive' }),
      () => ({ deletedAt: new Date() }),
      () => ({ tokensValidAfter: new Date(Date.now() + 1000) }),
    ]) {
      const { admin, opened } = await inAgentAccount();
      await ctx.db.update(users).set(change()).where(eq(users.id, admin.id));
      const res = await caller(ctx, opened.token).post(BACK);
      expect(res.statusCode, JSON.stringify(change())).toBe(401);
      expect(res.body).not.toContain('"token"');
    }
  });

  it('answers 404 when the administrator the token names is not of the agent’s company', async () => {
    const { agent } = await inAgentAccount();
    const stranger = await buildUser(ctx, await buildCompany(ctx), { role: ROLE_NAMES.admin });
    const token = await tokenFor(ctx, agent, { impersonatorId: stranger.id });
    const res = await caller(ctx, token).post(BACK);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('"token"');
  });
});
