/**
 * What the reset page tells the sign-in page when it sends the user there (router state): the password was
 * changed. Plain data, apart from the reset page's module: /login loads no MUI.
 */
export const PASSWORD_RESET_STATE = { passwordReset: true } as const;

export function isPasswordResetState(state: unknown): boolean {
  return Boolean(state && typeof state === 'object' && 'passwordReset' in state && state.passwordReset === true);
}
