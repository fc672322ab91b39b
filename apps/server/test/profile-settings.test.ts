import {
  EMPLOYEE_TEXTS,
  MESSAGES,
  PROFILE_PHOTO_MAX_BYTES,
  ROLE_NAMES,
  SETTINGS_TEXTS,
  USER_FORM_TEXTS,
} from '@sim/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGroup, buildStaffedCompany, call, type StaffedCompany } from './employees-fixtures';
import { bearer, buildTestApp, buildUser, login, type TestContext, unique } from './helpers';
import { multipart } from './multipart';

const PROFILE = '/api/v1/users/update-profile';
const PASSWORD = '/api/v1/users/update-password';
const PHOTO = '/api/v1/users/update-profile-photo';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('POST /api/v1/users/update-profile (my settings)', () => {
  let ctx: TestContext;
  let co: StaffedCompany;
  let other: StaffedCompany;
  beforeAll(async () => {
    ctx = await buildTestApp();
    co = await buildStaffedCompany(ctx);
    other = await buildStaffedCompany(ctx);
  });
  afterAll(() => ctx.close());

  const me = async (token: string) => (await call(ctx, 'GET', '/api/v1/users/info', token)).json().user;

  it('lets an agent change the nick name only; the rest may be sent unchanged', async () => {
    const record = await me(co.tokens.agent);
    const res = await call(ctx, 'POST', PROFILE, co.tokens.agent, { ...pick(record), nick_name: 'Lex' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: SETTINGS_TEXTS.settingsSaved,
      user: { nick_name: 'Lex', first_name: 'Alex' },
    });
    const renamed = await call(ctx, 'POST', PROFILE, co.tokens.agent, { first_name: 'Alexandra' });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json()).toMatchObject({ code: 'FORBIDDEN', message: SETTINGS_TEXTS.notAllowedField('First Name') });
    expect((await me(co.tokens.agent)).first_name).toBe('Alex');
  });

  it('lets a user without employee_list update change personal data, not email, role, status or groups', async () => {
    const res = await call(ctx, 'POST', PROFILE, co.tokens.supervisor, {
      first_name: 'Sofia M.',
      last_name: 'Lead',
      title: 'Supervisor',
      phone_number: '+1 (555) 444-5555',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({
      first_name: 'Sofia M.',
      last_name: 'Lead',
      title: 'Supervisor',
      phone_number: '+1 (555) 444-5555',
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ email_id: `${unique('sofia')}@example.test` }, 'Email'],
      [{ role: co.roleIds[ROLE_NAMES.admin] }, 'Role'],
      [{ status: 'active' }, 'Status'],
      [{ groups: [co.group.id] }, 'Groups'],
    ];
    for (const [patch, label] of cases) {
      const r = await call(ctx, 'POST', PROFILE, co.tokens.supervisor, patch);
      expect(r.statusCode, JSON.stringify(patch)).toBe(403);
      expect(r.json().message).toBe(SETTINGS_TEXTS.notAllowedField(label));
    }
  });

  it('lets a user with employee_list update change every field, within what they hold', async () => {
    const second = await buildGroup(ctx.db, co.companyId, unique('Leads'));
    const email = `${unique('ada')}@example.test`;
    const res = await call(ctx, 'POST', PROFILE, co.tokens.admin, {
      email_id: email,
      status: 'active',
      groups: [second.id, co.group.id],
      schedule: 'Part time',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user).toMatchObject({
      email_id: email,
      status: 'active',
      sub_status: 'Training',
      schedule: 'Part time',
      groups: expect.arrayContaining([second.id, co.group.id]),
    });
    const dup = await call(ctx, 'POST', PROFILE, co.tokens.admin, { email_id: co.agent.email });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(MESSAGES.duplicateEmail);
    const foreignGroup = await call(ctx, 'POST', PROFILE, co.tokens.admin, { groups: [other.group.id] });
    expect(foreignGroup.statusCode).toBe(404);
    const foreignRole = await call(ctx, 'POST', PROFILE, co.tokens.admin, { role: other.roleIds.admin });
    expect(foreignRole.statusCode).toBe(404);
    // the manager may not make themselves an administrator
    const promote = await call(ctx, 'POST', PROFILE, co.tokens.manager, { role: co.roleIds[ROLE_NAMES.admin] });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe(EMPLOYEE_TEXTS.noEscalationRole);
    // the role changes at once: the next call sees it
    const down = await call(ctx, 'POST', PROFILE, co.tokens.manager, { role: co.roleIds[ROLE_NAMES.supervisor] });
    expect(down.statusCode, down.body).toBe(200);
    const details = (await call(ctx, 'GET', '/api/v1/permissions/user-details', co.tokens.manager)).json();
    expect(details.user.role).toBe('supervisor');
  });

  it('answers 400 for bad values and 401 signed out', async () => {
    const bad = await call(ctx, 'POST', PROFILE, co.tokens.admin, { phone_number: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(USER_FORM_TEXTS.phoneInvalid);
    const mismatch = await call(ctx, 'POST', PROFILE, co.tokens.admin, { status: 'inActive', sub_status: 'Training' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(USER_FORM_TEXTS.subStatusMismatch);
    expect((await call(ctx, 'POST', PROFILE, undefined, { nick_name: 'x' })).statusCode).toBe(401);
  });
});

describe('POST /api/v1/users/update-password', () => {
  let ctx: TestContext;
  let co: StaffedCompany;
  beforeAll(async () => {
    ctx = await buildTestApp();
    co = await buildStaffedCompany(ctx);
  });
  afterAll(() => ctx.close());

  it('changes your own password when the current one is right', async () => {
    const user = await buildUser(ctx.db, co, { role: ROLE_NAMES.agent });
    const token = await login(ctx, user.email);
    const wrong = await call(ctx, 'POST', PASSWORD, token, {
      current_password: 'nope-nope',
      new_password: 'Another@123',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      success: false,
      code: 'INVALID',
      message: SETTINGS_TEXTS.wrongCurrentPassword,
      field: 'current_password',
    });
    const ok = await call(ctx, 'POST', PASSWORD, token, {
      current_password: user.password,
      new_password: 'Another@123',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      success: true,
      email_sent: true,
      message: SETTINGS_TEXTS.passwordUpdated,
      token: expect.any(String),
      expires_at: expect.any(String),
    });
    await login(ctx, user.email, 'Another@123');
    const old = await call(ctx, 'POST', '/api/v1/login/', undefined, { email: user.email, password: user.password });
    expect(old.statusCode).toBe(401);
  });

  it('answers 400 for a short new password or a missing field, 401 signed out', async () => {
    const short = await call(ctx, 'POST', PASSWORD, co.tokens.agent, { current_password: 'x', new_password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(MESSAGES.passwordTooShort);
    expect((await call(ctx, 'POST', PASSWORD, co.tokens.agent, { new_password: 'Another@123' })).statusCode).toBe(400);
    expect(
      (await call(ctx, 'POST', PASSWORD, undefined, { current_password: 'a', new_password: 'Another@123' })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/v1/users/update-profile-photo', () => {
  let ctx: TestContext;
  let co: StaffedCompany;
  beforeAll(async () => {
    ctx = await buildTestApp();
    co = await buildStaffedCompany(ctx);
  });
  afterAll(() => ctx.close());

  const upload = (
    token: string | undefined,
    data: Buffer,
    filename = 'me.png',
    contentType = 'image/png',
    field = 'photo',
  ) => {
    const body = multipart({}, [{ field, filename, contentType, data }]);
    return ctx.app.inject({
      method: 'POST',
      url: PHOTO,
      payload: body.payload,
      headers: { ...body.headers, ...(token ? bearer(token) : {}) },
    });
  };

  it('stores an image, answers its URL (readable without a token), updates the user and drops the old one', async () => {
    const res = await upload(co.tokens.agent, PNG);
    expect(res.statusCode, res.body).toBe(200);
    const { success, url } = res.json();
    expect(success).toBe(true);
    expect(url).toMatch(/^\/api\/v1\/users\/profile-photo\?file=[0-9a-f-]{36}\.png$/);
    const image = await ctx.app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    const details = (await call(ctx, 'GET', '/api/v1/permissions/user-details', co.tokens.agent)).json();
    expect(details.user.profile_pic_url).toBe(url);
    const list = (await call(ctx, 'GET', '/api/v1/employee/list?textSearch=Alex', co.tokens.admin)).json();
    expect(list.employees[0].profile_pic_url).toBe(url);

    const again = await upload(co.tokens.agent, PNG, 'new.png');
    expect(again.statusCode).toBe(200);
    expect(again.json().url).not.toBe(url);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it("answers 413 'Image size exceeds more than 2mb' over 2 MB and 415 for what is not an image", async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(PROFILE_PHOTO_MAX_BYTES)]);
    const tooBig = await upload(co.tokens.agent, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ success: false, code: 'TOO_LARGE', message: SETTINGS_TEXTS.photoTooLarge });
    // the browser's word is not trusted: a script named .png is refused by its content
    const fake = await upload(co.tokens.agent, Buffer.from('<svg onload="alert(1)"></svg>'), 'x.png', 'image/png');
    expect(fake.statusCode).toBe(415);
    expect(fake.json()).toMatchObject({ code: 'UNSUPPORTED_TYPE', message: SETTINGS_TEXTS.photoNotImage });
    const noPhoto = await upload(co.tokens.agent, PNG, 'me.png', 'image/png', 'other');
    expect(noPhoto.statusCode).toBe(400);
    expect(noPhoto.json().message).toBe(SETTINGS_TEXTS.photoMissing);
    const json = await call(ctx, 'POST', PHOTO, co.tokens.agent, { photo: 'x' });
    expect(json.statusCode).toBe(415);
  });

  it('answers 401 signed out; an unknown photo name is 404', async () => {
    expect((await upload(undefined, PNG)).statusCode).toBe(401);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/profile-photo?file=00000000-0000-4000-8000-000000000000.png',
    });
    expect(missing.statusCode).toBe(404);
    const traversal = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/users/profile-photo?file=..%2F..%2Fsecret.key',
    });
    expect(traversal.statusCode).toBe(404);
  });
});

/** The fields of a user record that update-profile takes. */
function pick(record: Record<string, unknown>) {
  const keys = [
    'first_name',
    'last_name',
    'nick_name',
    'title',
    'email_id',
    'phone_number',
    'status',
    'sub_status',
    'role',
    'schedule',
    'duration',
    'employment',
    'workplace',
    'joined_company',
    'groups',
    'probation',
    'promoted',
    'outsourcer',
  ];
  return Object.fromEntries(keys.filter((k) => record[k] !== null).map((k) => [k, record[k]]));
}
