import {
  EMPLOYEE_TEXTS,
  MESSAGES,
  PROFILE_PHOTO_MAX_BYTES,
  ROLE_NAMES,
  SETTINGS_TEXTS,
  USER_FORM_TEXTS,
} from '@sim/shared';
import { describe, expect, it } from 'vitest';
import {
  bearer,
  buildGroup,
  buildUser,
  caller,
  login,
  multipart,
  staffedCompany,
  testApp,
  tokenFor,
  unique,
} from './factories';

const PROFILE = '/api/v1/users/update-profile';
const PASSWORD = '/api/v1/users/update-password';
const PHOTO = '/api/v1/users/update-profile-photo';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('POST /api/v1/users/update-profile (my settings)', () => {
  const ctx = testApp();
  const co = staffedCompany(ctx, { cohort: true });
  const other = staffedCompany(ctx, { cohort: true });

  const me = async (token: string) => (await caller(ctx, token).get('/api/v1/users/info')).json().user;

  it('lets an agent change the nick name only; the rest may be sent unchanged', async () => {
    const record = await me(co.tokens.agent);
    const res = await co.as.agent.post(PROFILE, { ...pick(record), nick_name: 'Lex' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: SETTINGS_TEXTS.settingsSaved,
      user: { nick_name: 'Lex', first_name: 'Alex' },
    });
    const renamed = await co.as.agent.post(PROFILE, { first_name: 'Alexandra' });
    expect(renamed.statusCode).toBe(403);
    expect(renamed.json()).toMatchObject({ code: 'FORBIDDEN', message: SETTINGS_TEXTS.notAllowedField('First Name') });
    expect((await me(co.tokens.agent)).first_name).toBe('Alex');
  });

  it('lets a user without employee_list update change personal data, not email, role, status or groups', async () => {
    const res = await co.as.supervisor.post(PROFILE, {
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
      [{ role: co.company.roleIds[ROLE_NAMES.admin] }, 'Role'],
      [{ status: 'active' }, 'Status'],
      [{ groups: [co.group.id] }, 'Groups'],
    ];
    for (const [patch, label] of cases) {
      const r = await co.as.supervisor.post(PROFILE, patch);
      expect(r.statusCode, JSON.stringify(patch)).toBe(403);
      expect(r.json().message).toBe(SETTINGS_TEXTS.notAllowedField(label));
    }
  });

  it('lets a user with employee_list update change every field, within what they hold', async () => {
    const second = await buildGroup(ctx, co.company, { name: unique('Leads') });
    const email = `${unique('ada')}@example.test`;
    const res = await co.as.admin.post(PROFILE, {
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
    const dup = await co.as.admin.post(PROFILE, { email_id: co.users.agent.email });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(MESSAGES.duplicateEmail);
    const foreignGroup = await co.as.admin.post(PROFILE, { groups: [other.group.id] });
    expect(foreignGroup.statusCode).toBe(404);
    const foreignRole = await co.as.admin.post(PROFILE, { role: other.company.roleIds.admin });
    expect(foreignRole.statusCode).toBe(404);
    // the manager may not make themselves an administrator
    const promote = await co.as.manager.post(PROFILE, { role: co.company.roleIds[ROLE_NAMES.admin] });
    expect(promote.statusCode).toBe(403);
    expect(promote.json().message).toBe(EMPLOYEE_TEXTS.noEscalationRole);
    // the role changes at once: the next call sees it
    const down = await co.as.manager.post(PROFILE, { role: co.company.roleIds[ROLE_NAMES.supervisor] });
    expect(down.statusCode, down.body).toBe(200);
    const details = (await co.as.manager.get('/api/v1/permissions/user-details')).json();
    expect(details.user.role).toBe('supervisor');
  });

  it('answers 400 for bad values and 401 signed out', async () => {
    const bad = await co.as.admin.post(PROFILE, { phone_number: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(USER_FORM_TEXTS.phoneInvalid);
    const mismatch = await co.as.admin.post(PROFILE, { status: 'inActive', sub_status: 'Training' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(USER_FORM_TEXTS.subStatusMismatch);
    expect((await caller(ctx, null).post(PROFILE, { nick_name: 'x' })).statusCode).toBe(401);
  });
});

describe('POST /api/v1/users/update-password', () => {
  const ctx = testApp();
  const co = staffedCompany(ctx, { cohort: true });

  it('changes your own password when the current one is right', async () => {
    const user = await buildUser(ctx, co.company, { role: ROLE_NAMES.agent });
    const token = await tokenFor(ctx, user);
    const wrong = await caller(ctx, token).post(PASSWORD, {
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
    const ok = await caller(ctx, token).post(PASSWORD, {
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
    const old = await caller(ctx, null).post('/api/v1/login/', { email: user.email, password: user.password });
    expect(old.statusCode).toBe(401);
  });

  it('answers 400 for a short new password or a missing field, 401 signed out', async () => {
    const short = await co.as.agent.post(PASSWORD, { current_password: 'x', new_password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(MESSAGES.passwordTooShort);
    expect((await co.as.agent.post(PASSWORD, { new_password: 'Another@123' })).statusCode).toBe(400);
    expect(
      (await caller(ctx, null).post(PASSWORD, { current_password: 'a', new_password: 'Another@123' })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/v1/users/update-profile-photo', () => {
  const ctx = testApp();
  const co = staffedCompany(ctx, { cohort: true });

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
    const details = (await co.as.agent.get('/api/v1/permissions/user-details')).json();
    expect(details.user.profile_pic_url).toBe(url);
    const list = (await co.as.admin.get('/api/v1/employee/list?textSearch=Alex')).json();
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
    const json = await co.as.agent.post(PHOTO, { photo: 'x' });
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
