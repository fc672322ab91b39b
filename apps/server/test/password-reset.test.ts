import { MESSAGES } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { outboxEmails } from '../src/db/schema/index';
import { buildCompany, buildTestApp, buildUser, login, PASSWORD, type TestContext, testApp } from './factories';

/** The emailed link (the answer does not wait for the email: it is sent in the background). */
async function resetLink(ctx: TestContext, email: string) {
  const read = () => ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, email));
  await expect.poll(async () => (await read()).length).toBeGreaterThan(0);
  const rows = await read();
  expect(rows).toHaveLength(1);
  const link = rows[0].bodyText.match(/(http\S+)/)?.[1];
  expect(link).toBeTruthy();
  const url = new URL(link!);
  return { url, token: url.searchParams.get('token')!, email: url.searchParams.get('email')! };
}

describe('forgot and reset password', () => {
  const ctx = testApp();

  const forgot = (email: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/login/forgot-password',
      payload: { email, url: 'http://evil.test' },
    });
  const reset = (payload: object) => ctx.app.inject({ method: 'POST', url: '/api/v1/login/reset-password', payload });

  it('emails a single-use link to the configured address and answers the same for unknown emails', async () => {
    const company = await buildCompany(ctx);
    const user = await buildUser(ctx, company);
    const known = await forgot(user.email);
    const unknown = await forgot('nobody-at-all@example.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ success: true, message: MESSAGES.forgotSent });

    const { url, token, email } = await resetLink(ctx, user.email);
    expect(url.origin).toBe('http://app.test'); // never the client-sent url
    expect(url.pathname).toBe('/forgotpassword');
    expect(email).toBe(user.email);

    const ok = await reset({ email, token, password: 'Brand-new-pass1' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: MESSAGES.resetSuccess });
    await expect(login(ctx, user.email, PASSWORD)).rejects.toThrow(/401/);
    expect(await login(ctx, user.email, 'Brand-new-pass1')).toBeTruthy();

    const again = await reset({ email, token, password: 'Another-pass-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ success: false, code: 'INVALID', message: MESSAGES.resetBadToken });
    // (checked last: the emails are sent after the answer)
    expect(
      await ctx.db.select().from(outboxEmails).where(eq(outboxEmails.toAddress, 'nobody-at-all@example.test')),
    ).toHaveLength(0);
  });

  it('refuses a token for another email, a short password and an expired token', async () => {
    const company = await buildCompany(ctx);
    const user = await buildUser(ctx, company);
    const other = await buildUser(ctx, company);
    await forgot(user.email);
    const { token } = await resetLink(ctx, user.email);
    const wrongEmail = await reset({ email: other.email, token, password: 'Brand-new-pass1' });
    expect(wrongEmail.statusCode).toBe(400);
    expect(wrongEmail.json().message).toBe(MESSAGES.resetBadToken);
    const short = await reset({ email: user.email, token, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ field: 'password', message: MESSAGES.passwordTooShort });

    const later = await buildTestApp({}, { deps: { now: () => new Date(Date.now() + 2 * 3600_000) } });
    try {
      const expired = await later.app.inject({
        method: 'POST',
        url: '/api/v1/login/reset-password',
        payload: { email: user.email, token, password: 'Brand-new-pass1' },
      });
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe(MESSAGES.resetBadToken);
    } finally {
      await later.close();
    }
    // still usable within the hour
    expect((await reset({ email: user.email, token, password: 'Brand-new-pass1' })).statusCode).toBe(200);
  });

  it('answers 400 for a missing email', async () => {
    const res = await forgot('');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MESSAGES.forgotEmailRequired);
  });
});
