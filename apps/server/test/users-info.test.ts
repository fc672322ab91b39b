import { MESSAGES, ROLE_NAMES } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index';
import { buildStaffedCompany, call, type StaffedCompany } from './employees-fixtures';
import { buildTestApp, type TestContext } from './helpers';

describe('GET /api/v1/users/info', () => {
  let ctx: TestContext;
  let co: StaffedCompany;
  let other: StaffedCompany;
  beforeAll(async () => {
    ctx = await buildTestApp();
    co = await buildStaffedCompany(ctx);
    other = await buildStaffedCompany(ctx);
    await ctx.db
      .update(users)
      .set({ title: 'Rep', phoneNumber: '+1 (555) 222-3333', schedule: 'Part time', outsourcer: 'Alta' })
      .where(eq(users.id, co.agent.id));
  });
  afterAll(() => ctx.close());

  it('answers your own whole record without user_id, to anyone signed in (an agent too)', async () => {
    const res = await call(ctx, 'GET', '/api/v1/users/info', co.tokens.agent);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      user: {
        _id: co.agent.id,
        first_name: 'Alex',
        last_name: 'agent',
        nick_name: null,
        title: 'Rep',
        email_id: co.agent.email,
        phone_number: '+1 (555) 222-3333',
        status: 'applicant',
        sub_status: 'Candidate',
        role: co.roleIds[ROLE_NAMES.agent],
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
        company_name: co.name,
      },
    });
    expect(res.body).not.toContain('password');
    const self = await call(ctx, 'GET', `/api/v1/users/info?user_id=${co.agent.id}`, co.tokens.agent);
    expect(self.statusCode).toBe(200);
  });

  it("answers an employee's record with an employee_list permission; 403 without; 404 for another company", async () => {
    const res = await call(ctx, 'GET', `/api/v1/users/info?user_id=${co.agent.id}`, co.tokens.supervisor);
    expect(res.statusCode).toBe(200);
    expect(res.json().user._id).toBe(co.agent.id);
    const agent = await call(ctx, 'GET', `/api/v1/users/info?user_id=${co.manager.id}`, co.tokens.agent);
    expect(agent.statusCode).toBe(403);
    expect(agent.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const foreign = await call(ctx, 'GET', `/api/v1/users/info?user_id=${other.agent.id}`, co.tokens.admin);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: MESSAGES.notFound });
    expect(foreign.body).not.toContain(other.agent.email);
    expect((await call(ctx, 'GET', '/api/v1/users/info?user_id=12', co.tokens.admin)).statusCode).toBe(400);
    expect((await call(ctx, 'GET', '/api/v1/users/info')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/users/duplicate-email', () => {
  let ctx: TestContext;
  let co: StaffedCompany;
  let other: StaffedCompany;
  beforeAll(async () => {
    ctx = await buildTestApp();
    co = await buildStaffedCompany(ctx);
    other = await buildStaffedCompany(ctx);
  });
  afterAll(() => ctx.close());

  const url = (email: string, id?: string) =>
    `/api/v1/users/duplicate-email?emailId=${encodeURIComponent(email)}${id ? `&id=${id}` : ''}`;

  it("answers success true for an email in use in the caller's company (any case), false otherwise", async () => {
    expect((await call(ctx, 'GET', url(co.agent.email), co.tokens.admin)).json()).toEqual({ success: true });
    expect((await call(ctx, 'GET', url(co.agent.email.toUpperCase()), co.tokens.admin)).json()).toEqual({
      success: true,
    });
    // another company's user: not told (security-accounts.test.ts)
    expect((await call(ctx, 'GET', url(other.agent.email), co.tokens.admin)).json()).toEqual({ success: false });
    expect((await call(ctx, 'GET', url('free-address@example.test'), co.tokens.admin)).json()).toEqual({
      success: false,
    });
    // the user's own email, when editing them, is not a duplicate
    expect((await call(ctx, 'GET', url(co.agent.email, co.agent.id), co.tokens.manager)).json()).toEqual({
      success: false,
    });
  });

  it("answers 400 'Invalid Email Address' for a bad email, 401 signed out, 403 without create or update", async () => {
    const bad = await call(ctx, 'GET', url('nope'), co.tokens.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'INVALID', message: MESSAGES.invalidEmail });
    // another company's user id: 404 (it would tell whose email it is)
    const foreign = await call(ctx, 'GET', url(other.agent.email, other.agent.id), co.tokens.admin);
    expect(foreign.statusCode).toBe(404);
    expect((await call(ctx, 'GET', url(co.agent.email))).statusCode).toBe(401);
    for (const token of [co.tokens.supervisor, co.tokens.agent])
      expect((await call(ctx, 'GET', url(co.agent.email), token)).statusCode).toBe(403);
  });
});
