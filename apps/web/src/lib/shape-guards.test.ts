import { ZErrorBody, ZSessionUser } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../testing/render-app';
import { isErrorBody, readSessionUser, SESSION_USER_KEYS } from './shape-guards';

describe('isErrorBody', () => {
  const good = { success: false, message: 'Invalid email or password.', code: 'UNAUTHORIZED' };
  it.each([
    { case: 'the minimal body', value: good },
    { case: 'with requestId and field', value: { ...good, requestId: 'r-1', field: 'email' } },
    { case: 'with other keys', value: { ...good, extra: 1 } },
    { case: 'an empty message', value: { ...good, message: '' } },
    { case: 'requestId undefined', value: { ...good, requestId: undefined } },
  ])('accepts $case', ({ value }) => {
    expect(isErrorBody(value)).toBe(true);
    expect(ZErrorBody.safeParse(value).success).toBe(true);
  });

  it.each([
    { case: 'null', value: null },
    { case: 'a string', value: 'Bad Gateway' },
    { case: 'an array', value: [good] },
    { case: 'success true', value: { ...good, success: true } },
    { case: 'success missing', value: { message: 'x', code: 'X' } },
    { case: 'success "false"', value: { ...good, success: 'false' } },
    { case: 'message missing', value: { success: false, code: 'X' } },
    { case: 'message a number', value: { ...good, message: 1 } },
    { case: 'code missing', value: { success: false, message: 'x' } },
    { case: 'code null', value: { ...good, code: null } },
    { case: 'requestId null', value: { ...good, requestId: null } },
    { case: 'field a number', value: { ...good, field: 3 } },
  ])('refuses $case', ({ value }) => {
    expect(isErrorBody(value)).toBe(false);
    expect(ZErrorBody.safeParse(value).success).toBe(false);
  });
});

describe('readSessionUser', () => {
  const user = makeUser();

  it('checks the keys of ZSessionUser', () => {
    expect([...SESSION_USER_KEYS].sort()).toEqual(Object.keys(ZSessionUser.shape).sort());
  });

  it.each([
    { case: 'a user', value: user },
    { case: 'nullable fields null', value: { ...user, nick_name: null, role_id: null, profile_pic_url: null } },
    { case: 'nullable fields set', value: { ...user, nick_name: 'Ada', role_id: 'r2', profile_pic_url: '/p.png' } },
    { case: 'a platform admin', value: { ...user, is_platform_admin: true } },
    { case: 'a 64-character id', value: { ...user, _id: 'x'.repeat(64) } },
  ])('accepts $case, as ZSessionUser', ({ value }) => {
    const parsed = ZSessionUser.safeParse(value);
    expect(parsed.success).toBe(true);
    expect(readSessionUser(value)).toEqual(parsed.data);
  });

  it('drops other keys, as ZSessionUser does', () => {
    const value = { ...user, token: 'secret', permissions: [] };
    expect(readSessionUser(value)).toEqual(user);
    expect(readSessionUser(value)).toEqual(ZSessionUser.parse(value));
    expect(readSessionUser(value)).not.toHaveProperty('token');
  });

  const without = (key: keyof typeof user) => {
    const { [key]: _dropped, ...rest } = user;
    return rest;
  };
  it.each([
    { case: 'null', value: null },
    { case: 'a string', value: 'Ada' },
    { case: 'an array', value: [user] },
    { case: 'a stale partial user', value: { first_name: 'Stale' } },
    { case: 'an empty id', value: { ...user, _id: '' } },
    { case: 'a 65-character id', value: { ...user, _id: 'x'.repeat(65) } },
    { case: 'a numeric id', value: { ...user, _id: 1 } },
    ...SESSION_USER_KEYS.map((key) => ({ case: `${key} missing`, value: without(key) })),
    { case: 'first_name null', value: { ...user, first_name: null } },
    { case: 'email_id null', value: { ...user, email_id: null } },
    { case: 'role null', value: { ...user, role: null } },
    { case: 'company_id a number', value: { ...user, company_id: 1 } },
    { case: 'company_name null', value: { ...user, company_name: null } },
    { case: 'nick_name a number', value: { ...user, nick_name: 0 } },
    { case: 'role_id a number', value: { ...user, role_id: 7 } },
    { case: 'profile_pic_url an object', value: { ...user, profile_pic_url: {} } },
    { case: 'is_platform_admin "true"', value: { ...user, is_platform_admin: 'true' } },
    { case: 'is_platform_admin null', value: { ...user, is_platform_admin: null } },
  ])('refuses $case, as ZSessionUser', ({ value }) => {
    expect(readSessionUser(value)).toBeNull();
    expect(ZSessionUser.safeParse(value).success).toBe(false);
  });
});
