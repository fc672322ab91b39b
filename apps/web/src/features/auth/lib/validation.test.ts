import { MESSAGES, UI_MESSAGES } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { validateForgotEmail, validateReset, validateSignIn } from './validation';

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
