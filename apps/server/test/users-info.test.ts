import { MESSAGES, ROLE_NAMES } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index';
import { caller, staffedCompany, testApp } from './factories';

describe('GET /api/v1/users/info', () => {
  const ctx = testApp();
  const co = staffedCompany(ctx, { cohort: true });
  const other = staffedCompany(ctx, { cohort: true });
  beforeAll(async () => {
    await ctx.db
      .update(users)
      .set({ title: 'Rep', phoneNumber: '+1 (555) 222-3333', schedule: 'Part time', outsourcer: 'Alta' })
      .where(eq(users.id, co.users.agent.id));
  });

  it('answers your own whole record without user_id, to anyone signed in (an agent too)', async () => {
    const res = await co.as.agent.get('/api/v1/users/info');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      user: {
        _id: co.users.agent.id,
        first_name: 'Alex',
        last_name: 'agent',
        nick_name: null,
        title: 'Rep',
        email_id: co.users.agent.email,
        phone_number: '+1 (555) 222-3333',
        status: 'applicant',
        sub_status: 'Candidate',
        role: co.company.roleIds[ROLE_NAMES.agent],
        role_name: 'agent',
        schedule: 'Part time',
        duration: null,
        employment: null,
        workplace: null,
        joined_company: null,
        probation: null,
        promoted: null,
        outsourcer: 'Alta',
        groups: [co.group.id],
        group_list: [{ _id: co.group.id, name: co.group.name }],
        profile_pic_url: null,
        company_name: co.company.name,
      },
    });
    expect(res.body).not.toContain('password');
    const self = await co.as.agent.get(`/api/v1/users/info?user_id=${co.users.agent.id}`);
    expect(self.statusCode).toBe(200);
  });

  it("answers an employee's record with an employee_list permission; 403 without; 404 for another company", async () => {
    const res = await co.as.supervisor.get(`/api/v1/users/info?user_id=${co.users.agent.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().user._id).toBe(co.users.agent.id);
    const agent = await co.as.agent.get(`/api/v1/users/info?user_id=${co.users.manager.id}`);
    expect(agent.statusCode).toBe(403);
    expect(agent.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const foreign = await co.as.admin.get(`/api/v1/users/info?user_id=${other.users.agent.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: MESSAGES.notFound });
    expect(foreign.body).not.toContain(other.users.agent.email);
    expect((await co.as.admin.get('/api/v1/users/info?user_id=12')).statusCode).toBe(400);
    expect((await caller(ctx, null).get('/api/v1/users/info')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/users/duplicate-email', () => {
  const ctx = testApp();
  const co = staffedCompany(ctx, { cohort: true });
  const other = staffedCompany(ctx, { cohort: true });

  const url = (email: string, id?: string) =>
    `/api/v1/users/duplicate-email?emailId=${encodeURIComponent(email)}${id ? `&id=${id}` : ''}`;

  it("answers success true for an email in use in the caller's company (any case), false otherwise", async () => {
    expect((await co.as.admin.get(url(co.users.agent.email))).json()).toEqual({ success: true });
    expect((await co.as.admin.get(url(co.users.agent.email.toUpperCase()))).json()).toEqual({
      success: true,
    });
    // another company's user: not told (security-accounts.test.ts)
    expect((await co.as.admin.get(url(other.users.agent.email))).json()).toEqual({ success: false });
    expect((await co.as.admin.get(url('free-address@example.test'))).json()).toEqual({
      success: false,
    });
    // the user's own email, when editing them, is not a duplicate
    expect((await co.as.manager.get(url(co.users.agent.email, co.users.agent.id))).json()).toEqual({
      success: false,
    });
  });

  it("answers 400 'Invalid Email Address' for a bad email, 401 signed out, 403 without create or update", async () => {
    const bad = await co.as.admin.get(url('nope'));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'INVALID', message: MESSAGES.invalidEmail });
    // another company's user id: 404 (it would tell whose email it is)
    const foreign = await co.as.admin.get(url(other.users.agent.email, other.users.agent.id));
    expect(foreign.statusCode).toBe(404);
    expect((await caller(ctx, null).get(url(co.users.agent.email))).statusCode).toBe(401);
    for (const token of [co.tokens.supervisor, co.tokens.agent])
      expect((await caller(ctx, token).get(url(co.users.agent.email))).statusCode).toBe(403);
  });
});
