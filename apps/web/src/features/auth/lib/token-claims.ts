/**
 * The administrator's id in a token of "Login as agent" (its `act` claim), or null for a token of one's own
 * account. Read only to show the bar with the way back: the server decides, from the signed token, whether
 * there is a way back (POST /api/v1/login/back-to-own-account).
 */
export function impersonatorOf(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    if (!claims || typeof claims !== 'object' || !('act' in claims)) return null;
    const { act } = claims;
    return typeof act === 'string' && act !== '' ? act : null;
  } catch {
    return null;
  }
}
