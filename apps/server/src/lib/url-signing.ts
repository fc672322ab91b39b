import crypto from 'node:crypto';

/**
 * Signed, expiring URLs ("presigned" in the spec): the path, the expiry and an optional subject are
 * signed with HMAC-SHA256. Used for the speech websocket and for reading stored files.
 */
export interface SignedParams {
  exp: number; // seconds since the epoch
  sub?: string; // "userId:companyId" when the URL acts for a user
  sig: string;
}

function mac(key: Buffer, path: string, exp: number, sub: string | undefined) {
  return crypto
    .createHmac('sha256', key)
    .update(`${path}\n${exp}\n${sub ?? ''}`)
    .digest('base64url');
}

export function signPath(key: Buffer, path: string, ttlSeconds: number, now: Date, sub?: string): string {
  const exp = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const params = new URLSearchParams({ exp: String(exp), ...(sub ? { sub } : {}), sig: mac(key, path, exp, sub) });
  return `${path}?${params.toString()}`;
}

export type SignatureCheck = { ok: true; sub?: string } | { ok: false; reason: 'missing' | 'bad' | 'expired' };

export function verifySignedPath(key: Buffer, path: string, query: Record<string, unknown>, now: Date): SignatureCheck {
  const { exp, sub, sig } = query;
  if (typeof exp !== 'string' || typeof sig !== 'string') return { ok: false, reason: 'missing' };
  const expNum = Number(exp);
  if (!Number.isInteger(expNum)) return { ok: false, reason: 'bad' };
  const subject = typeof sub === 'string' ? sub : undefined;
  const expected = Buffer.from(mac(key, path, expNum, subject));
  const given = Buffer.from(sig);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return { ok: false, reason: 'bad' };
  if (expNum * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, sub: subject };
}
