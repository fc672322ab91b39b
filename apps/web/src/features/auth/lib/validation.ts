import { MESSAGES, PASSWORD_MIN_LENGTH, UI_MESSAGES } from '@sim/shared';

/** zod's `z.email()` pattern (zod/v4/core/regexes.ts `email`, "practical email validation"). */
const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
const EMAIL_MAX = 254;

/**
 * The rules of `ZEmail` (packages/shared): trimmed and lower-cased, then the email pattern and at most 254
 * characters. Written out so that the sign-in page loads no zod; validation.test.ts checks it against ZEmail.
 */
export function isValidEmail(email: string): boolean {
  const value = email.trim().toLowerCase();
  return EMAIL_PATTERN.test(value) && value.length <= EMAIL_MAX;
}

/** Sign-in: both fields required, then a valid email. Returns the alert text, or null when valid. */
export function validateSignIn(email: string, password: string): string | null {
  if (email.trim() === '' || password === '') return MESSAGES.loginMissingFields;
  if (!isValidEmail(email)) return MESSAGES.loginInvalidEmail;
  return null;
}

/** Forgot password: the email is required and valid. */
export function validateForgotEmail(email: string): string | null {
  if (email.trim() === '') return MESSAGES.forgotEmailRequired;
  if (!isValidEmail(email)) return MESSAGES.invalidEmail;
  return null;
}

/** Reset page: both fields required, then equal, then long enough for the server's rule. */
export function validateReset(
  password: string,
  confirm: string,
  link: { email: string | null; token: string | null },
): string | null {
  if (password === '' || confirm === '') return MESSAGES.resetMissing;
  if (password !== confirm) return MESSAGES.resetMismatch;
  if (password.length < PASSWORD_MIN_LENGTH) return MESSAGES.passwordTooShort;
  if (!link.email || !link.token) return UI_MESSAGES.resetLinkIncomplete;
  return null;
}
