import { MESSAGES, UI_MESSAGES, ZEmail } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { isValidEmail, validateForgotEmail, validateReset, validateSignIn } from './validation';

describe('isValidEmail', () => {
  const local64 = 'a'.repeat(64);
  it.each([
    'admin@demo.local',
    ' Admin@Demo.Local ',
    'first.last+tag@sub.example.co',
    "o'neil_x-y@a-b.example.org",
    'UPPER@EXAMPLE.COM',
    // the Kelvin sign lower-cases to an ASCII k: valid, as for the schema (which lower-cases first)
    '\u212Aelvin@example.com',
    `${local64}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.com`,
    `${local64}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`,
    '',
    '   ',
    'not-an-email',
    'a@b',
    'a@b.c',
    'a@b.c0',
    '.a@b.co',
    'a.@b.co',
    'a..b@b.co',
    'a@-b.co',
    'a@b..co',
    'a b@c.co',
    'a@b.co.',
    'a@@b.co',
    'ä@b.co',
    'a@bä.co',
    '"a"@b.co',
    'a@[127.0.0.1]',
    'a\n@b.co',
    'a@b.co\n',
  ])('%j is valid exactly when ZEmail accepts it', (email) => {
    expect(isValidEmail(email)).toBe(ZEmail.safeParse(email).success);
  });

  it('refuses what is longer than 254 characters after trimming, like ZEmail', () => {
    const at254 = `a@${'b'.repeat(248)}.com`;
    expect(at254).toHaveLength(254);
    expect(isValidEmail(`  ${at254}  `)).toBe(true);
    expect(ZEmail.safeParse(`  ${at254}  `).success).toBe(true);
    expect(isValidEmail(`a${at254}`)).toBe(false);
    expect(ZEmail.safeParse(`a${at254}`).success).toBe(false);
  });
});

describe('validateSignIn', () => {
  it.each([
    { email: '', password: '', expected: MESSAGES.loginMissingFields },
    { email: 'a@b.co', password: '', expected: MESSAGES.loginMissingFields },
    { email: '   ', password: 'secret', expected: MESSAGES.loginMissingFields },
    { email: 'not-an-email', password: 'secret', expected: MESSAGES.loginInvalidEmail },
    { email: 'a@b', password: 'secret', expected: MESSAGES.loginInvalidEmail },
    { email: 'admin@demo.local', password: 'x', expected: null },
    { email: ' Admin@Demo.Local ', password: 'x', expected: null },
  ])('($email, $password) → $expected', ({ email, password, expected }) => {
    expect(validateSignIn(email, password)).toBe(expected);
  });
});

describe('validateForgotEmail', () => {
  it.each([
    { email: '', expected: MESSAGES.forgotEmailRequired },
    { email: 'nope', expected: MESSAGES.invalidEmail },
    { email: 'agent@demo.local', expected: null },
  ])('$email → $expected', ({ email, expected }) => {
    expect(validateForgotEmail(email)).toBe(expected);
  });
});

describe('validateReset', () => {
  const link = { email: 'a@b.co', token: 'tok-123456789' };
  it.each([
    { password: '', confirm: '', link, expected: MESSAGES.resetMissing },
    { password: 'Secret@123', confirm: '', link, expected: MESSAGES.resetMissing },
    { password: '', confirm: 'Secret@123', link, expected: MESSAGES.resetMissing },
    { password: 'Secret@123', confirm: 'Secret@124', link, expected: MESSAGES.resetMismatch },
    { password: 'short', confirm: 'short', link, expected: MESSAGES.passwordTooShort },
    {
      password: 'Secret@123',
      confirm: 'Secret@123',
      link: { email: null, token: 'x' },
      expected: UI_MESSAGES.resetLinkIncomplete,
    },
    { password: 'Secret@123', confirm: 'Secret@123', link, expected: null },
  ])('($password, $confirm) → $expected', ({ password, confirm, link, expected }) => {
    expect(validateReset(password, confirm, link)).toBe(expected);
  });
});
