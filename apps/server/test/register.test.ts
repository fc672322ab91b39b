import { MESSAGES } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { companies, roles, users } from '../src/db/schema/index';
import { makeInvitation } from '../src/lib/invitation';
import { bearer, buildCompany, buildUser, login, testApp, unique } from './factories';

describe('company registration with an invitation', () => {
  const ctx = testApp();

  const invite = (seconds = 3600) => makeInvitation(ctx.deps.inviteKey, seconds);
  const check = (value: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1/users/check-invitation?allowNewCompany=${encodeURIComponent(value)}`,
    });
  const registration = (allowNewCompany: string, over: Record<string, string> = {}) => ({
    email: `${unique('owner')}@example.test`,
    password: 'Str0ng-password',
    first_name: 'Nora',
    last_name: 'Founder',
    company_name: unique('Acme Care'),
    phone_number: '+1 (555) 123-4567',
    allowNewCompany,
    ...over,
  });
  const register = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/v1/users/register', payload });

  it('creates the company with its default roles and the registrant as account owner, once per invitation', async () => {
    const value = invite();
    const valid = await check(value);
    expect(valid.json()).toMatchObject({ success: true, valid: true });
    const payload = registration(value);
    const res = await register(payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: MESSAGES.registrationSuccess });

    const [user] = await ctx.db.select().from(users).where(eq(users.email, payload.email));
    const [company] = await ctx.db.select().from(companies).where(eq(companies.id, user.companyId));
    expect(company.name).toBe(payload.company_name);
    const companyRoles = await ctx.db.select().from(roles).where(eq(roles.companyId, company.id));
    expect(companyRoles.map((r) => r.name).sort()).toEqual([
      'account owner',
      'admin',
      'agent',
      'manager',
      'supervisor',
    ]);
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/permissions/user-details',
      headers: bearer(await login(ctx, payload.email, payload.password)),
    });
    expect(me.json().user).toMatchObject({ role: 'account owner', company_name: payload.company_name });

    expect((await check(value)).json().valid).toBe(false);
    const reuse = await register(registration(value));
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ code: 'INVALID', message: MESSAGES.registrationBadInvitation });
  });

  it('refuses a tampered or expired invitation', async () => {
    const value = invite();
    const tampered = `${value.slice(0, -2)}xx`;
    expect((await check(tampered)).json().valid).toBe(false);
    expect((await register(registration(tampered))).statusCode).toBe(400);
    const expired = makeInvitation(ctx.deps.inviteKey, 60, new Date(Date.now() - 3600_000));
    expect((await check(expired)).json()).toEqual({ success: true, valid: false, expires_at: null });
    const res = await register(registration(expired));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.registrationBadInvitation);
  });

  it('answers 409 Duplicate Email ! and 400 for a bad phone number, creating nothing', async () => {
    const existing = await buildUser(ctx, await buildCompany(ctx));
    const value = invite();
    const dup = registration(value, { email: existing.email });
    const res = await register(dup);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ success: false, code: 'CONFLICT', message: MESSAGES.duplicateEmail });
    expect(await ctx.db.select().from(companies).where(eq(companies.name, dup.company_name))).toHaveLength(0);
    expect((await check(value)).json().valid).toBe(true); // not spent

    const phone = await register(registration(value, { phone_number: '5551234567' }));
    expect(phone.statusCode).toBe(400);
    expect(phone.json().field).toBe('phone_number');
    const missing = await register({ allowNewCompany: value });
    expect(missing.statusCode).toBe(400);
  });
});
