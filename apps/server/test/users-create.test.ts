import { EMPLOYEE_TEXTS, MESSAGES, ROLE_NAMES, USER_FORM_TEXTS } from '@sim/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, groupMembers, outboxEmails, users } from '../src/db/schema/index';
import { buildGroup, buildUser, caller, login, newUserBody, staffedCompany, testApp, unique } from './factories';

const CREATE = '/api/v1/users/create';

describe('POST /api/v1/users/create (create)', () => {
  const ctx = testApp();
  const co = staffedCompany(ctx, { cohort: true });
  const other = staffedCompany(ctx, { cohort: true });

  it('creates a user with every field, as Applicant / Candidate, and emails a link to choose a password', async () => {
    const body = newUserBody(co.company, co.group.id, { email_id: `  ${unique('Grace').toUpperCase()}@Example.TEST ` });
    const res = await co.as.admin.post(CREATE, { ...body, url: 'http://evil.example' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toEqual({
      success: true,
      _id: expect.any(String),
      email_sent: true,
      message: USER_FORM_TEXTS.userCreated,
    });
    const email = body.email_id.trim().toLowerCase();
    const [row] = await ctx.db.select().from(users).where(eq(users.id, answer._id));
    expect(row).toMatchObject({
      companyId: co.company.companyId,
      firstName: 'Grace',
      lastName: 'Hopper',
      nickName: 'Amazing',
      title: 'Patient Access Representative',
      email,
      phoneNumber: '+1 (555) 123-4567',
      status: 'applicant',
      subStatus: 'Candidate',
      roleId: co.company.roleIds[ROLE_NAMES.agent],
      schedule: 'Full time',
      duration: 'Permanent',
      employment: 'Employee',
      workplace: 'WAH',
      joinedCompany: 'New hire',
      probation: 'New hire',
      promoted: 'Support',
      outsourcer: 'TTEC',
      deletedAt: null,
    });
    const members = await ctx.db.select().from(groupMembers).where(eq(groupMembers.userId, answer._id));
    expect(members.map((m) => m.groupId)).toEqual([co.group.id]);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, answer._id), eq(auditLog.action, 'user.create')));
    expect(audit).toHaveLength(1);

    // the emailed link (built from PUBLIC_URL, never the url the client sent) sets the password
    // (sent from the job queue once the save is committed: waited for)
    const mails = () => ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email));
    await expect.poll(async () => (await mails()).length).toBe(1);
    const [mail] = await mails();
    expect(mail.subject).toBe(USER_FORM_TEXTS.welcomeSubject);
    const link = new URL(mail.bodyText.match(/http:\/\/app\.test\/forgotpassword\?\S+/)?.[0] ?? 'http://x');
    expect(link.searchParams.get('email')).toBe(email);
    const reset = await caller(ctx, null).post('/api/v1/login/reset-password', {
      email,
      password: 'Chosen@12345',
      token: link.searchParams.get('token'),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await login(ctx, email, 'Chosen@12345');
  });

  it('takes a given status, with the status first sub-status when none is given', async () => {
    const res = await co.as.manager.post(CREATE, newUserBody(co.company, co.group.id, { status: 'active' }));
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, res.json()._id));
    expect([row.status, row.subStatus]).toEqual(['active', 'Training']);
    const mismatch = await co.as.admin.post(
      CREATE,
      newUserBody(co.company, co.group.id, { status: 'inActive', sub_status: 'Training' }),
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ message: USER_FORM_TEXTS.subStatusMismatch, field: 'sub_status' });
  });

  it.each([
    ['schedule', USER_FORM_TEXTS.required.schedule],
    ['duration', USER_FORM_TEXTS.required.duration],
    ['employment', USER_FORM_TEXTS.required.employment],
    ['workplace', USER_FORM_TEXTS.required.workplace],
    ['joined_company', USER_FORM_TEXTS.required.joined_company],
    ['probation', USER_FORM_TEXTS.required.probation],
    ['promoted', USER_FORM_TEXTS.required.promoted],
    ['outsourcer', USER_FORM_TEXTS.required.outsourcer],
    ['first_name', USER_FORM_TEXTS.required.first_name],
    ['last_name', USER_FORM_TEXTS.required.last_name],
    ['title', USER_FORM_TEXTS.required.title],
    ['email_id', USER_FORM_TEXTS.required.email_id],
    ['phone_number', USER_FORM_TEXTS.required.phone_number],
    ['role', USER_FORM_TEXTS.required.role],
  ])('answers 400 with the spec message when %s is empty', async (field, message) => {
    const res = await co.as.admin.post(CREATE, { ...newUserBody(co.company, co.group.id), [field]: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'INVALID', message, field });
  });

  it('answers 400 for no group, a bad email, a bad phone, a value outside a choice list', async () => {
    const base = newUserBody(co.company, co.group.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ groups: [] }, USER_FORM_TEXTS.required.groups],
      [{ email_id: 'not-an-email' }, MESSAGES.invalidEmail],
      [{ phone_number: '555-1234' }, USER_FORM_TEXTS.phoneInvalid],
      [{ workplace: 'Moon' }, USER_FORM_TEXTS.required.workplace],
      [{ password: 'short' }, MESSAGES.passwordTooShort],
    ];
    for (const [patch, message] of cases) {
      const res = await co.as.admin.post(CREATE, { ...base, ...patch });
      expect(res.statusCode, JSON.stringify(patch)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const { first_name: _, ...missing } = base;
    expect((await co.as.admin.post(CREATE, missing)).statusCode).toBe(400);
  });

  it("answers 409 'Duplicate Email !' for an email in use, in any company", async () => {
    for (const email of [co.users.agent.email, other.users.agent.email.toUpperCase()]) {
      const res = await co.as.admin.post(CREATE, newUserBody(co.company, co.group.id, { email_id: email }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        success: false,
        code: 'CONFLICT',
        message: MESSAGES.duplicateEmail,
        field: 'email_id',
      });
    }
  });

  it("answers 404 for another company's role or group", async () => {
    const role = await co.as.admin.post(
      CREATE,
      newUserBody(co.company, co.group.id, { role: other.company.roleIds.agent }),
    );
    expect(role.statusCode).toBe(404);
    expect(role.json().message).toBe(USER_FORM_TEXTS.unknownRole);
    const group = await co.as.admin.post(CREATE, newUserBody(co.company, other.group.id));
    expect(group.statusCode).toBe(404);
    expect(group.json().message).toBe(USER_FORM_TEXTS.unknownGroups);
  });

  it('answers 401 signed out, 403 without employee_list create, 403 for a role above the caller', async () => {
    const body = newUserBody(co.company, co.group.id);
    expect((await caller(ctx, null).post(CREATE, body)).statusCode).toBe(401);
    for (const token of [co.tokens.supervisor, co.tokens.agent]) {
      const res = await caller(ctx, token).post(CREATE, body);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    }
    const up = await co.as.manager.post(CREATE, { ...body, role: co.company.roleIds[ROLE_NAMES.admin] });
    expect(up.statusCode).toBe(403);
    expect(up.json().message).toBe(EMPLOYEE_TEXTS.noEscalationRole);
  });
});

describe('POST /api/v1/users/create (update with _id)', () => {
  const ctx = testApp();
  const co = staffedCompany(ctx, { cohort: true });
  const other = staffedCompany(ctx, { cohort: true });

  async function created() {
    const res = await co.as.admin.post(CREATE, newUserBody(co.company, co.group.id));
    expect(res.statusCode, res.body).toBe(200);
    const info = await co.as.admin.get(`/api/v1/users/info?user_id=${res.json()._id}`);
    return info.json().user;
  }

  it('updates every field and replaces the groups', async () => {
    const user = await created();
    const second = await buildGroup(ctx, co.company, { name: unique('Second') });
    const res = await co.as.admin.post(CREATE, {
      ...newUserBody(co.company, second.id, { email_id: user.email_id }),
      _id: user._id,
      first_name: 'Grace B.',
      nick_name: '',
      status: 'postEmployment',
      sub_status: 'Termination',
      role: co.company.roleIds[ROLE_NAMES.supervisor],
      workplace: 'off site',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      _id: user._id,
      email_sent: true,
      message: USER_FORM_TEXTS.userUpdated,
    });
    const info = (await co.as.admin.get(`/api/v1/users/info?user_id=${user._id}`)).json().user;
    expect(info).toMatchObject({
      first_name: 'Grace B.',
      nick_name: null,
      status: 'postEmployment',
      sub_status: 'Termination',
      role: co.company.roleIds[ROLE_NAMES.supervisor],
      role_name: 'supervisor',
      workplace: 'off site',
      groups: [second.id],
      group_list: [{ _id: second.id, name: second.name }],
    });
  });

  it('asks to re-enter the password when the email changes, then takes both', async () => {
    const user = await created();
    const changed = { ...newUserBody(co.company, co.group.id), _id: user._id };
    const res = await co.as.admin.post(CREATE, changed);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: USER_FORM_TEXTS.reenterPassword, field: 'password' });
    const empty = await co.as.admin.post(CREATE, { ...changed, password: '' });
    expect(empty.json().message).toBe(USER_FORM_TEXTS.reenterPassword);
    const ok = await co.as.admin.post(CREATE, { ...changed, password: 'Newpass@123' });
    expect(ok.statusCode, ok.body).toBe(200);
    await login(ctx, changed.email_id, 'Newpass@123');
    const mails = () => ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, changed.email_id));
    await expect.poll(async () => (await mails()).length).toBe(1); // sent from the job queue
    const [mail] = await mails();
    expect(mail.subject).toBe(USER_FORM_TEXTS.passwordChangedSubject);
    // the same email (unchanged) needs no password; its own email is not a duplicate
    const same = await co.as.admin.post(CREATE, { ...changed, title: 'Lead' });
    expect(same.statusCode, same.body).toBe(200);
    // another user's email is
    const dup = await co.as.admin.post(CREATE, {
      ...changed,
      email_id: co.users.manager.email,
      password: 'Newpass@123',
    });
    expect(dup.statusCode).toBe(409);
  });

  it("answers 404 for another company's user and 403 without employee_list update or above the caller", async () => {
    const foreign = await co.as.admin.post(CREATE, {
      ...newUserBody(co.company, co.group.id, { email_id: other.users.agent.email }),
      _id: other.users.agent.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'NOT_FOUND', message: MESSAGES.notFound });
    const [row] = await ctx.db.select().from(users).where(eq(users.id, other.users.agent.id));
    expect(row.firstName).toBe('Alex');

    const user = await created();
    const body = { ...newUserBody(co.company, co.group.id, { email_id: user.email_id }), _id: user._id };
    expect((await co.as.supervisor.post(CREATE, body)).statusCode).toBe(403);
    // the manager edits agents, but cannot edit an administrator (who holds more) nor make anyone one
    expect((await co.as.manager.post(CREATE, body)).statusCode).toBe(200);
    const promote = await co.as.manager.post(CREATE, { ...body, role: co.company.roleIds[ROLE_NAMES.admin] });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe(EMPLOYEE_TEXTS.noEscalationRole);
    const admin2 = await buildUser(ctx, co.company, { role: ROLE_NAMES.admin });
    const takeover = await co.as.manager.post(CREATE, {
      ...newUserBody(co.company, co.group.id, { email_id: admin2.email, role: co.company.roleIds[ROLE_NAMES.admin] }),
      _id: admin2.id,
      password: 'Takeover@123',
    });
    expect(takeover.statusCode).toBe(403);
    expect(takeover.json().message).toBe(EMPLOYEE_TEXTS.noEscalationUser);
    expect((await caller(ctx, null).post(CREATE, body)).statusCode).toBe(401);
    expect((await co.as.admin.post(CREATE, { ...body, _id: 'nope' })).statusCode).toBe(400);
  });
});
