import { MESSAGES, PASSWORD_MIN_LENGTH, UI_MESSAGES, ZEmail } from '@sim/shared';

function isValidEmail(email: string): boolean {
  return ZEmail.safeParse(email).success;
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
