import crypto from 'node:crypto';

/**
 * New-company invitations: `allowNewCompany` = base64url(JSON {n: nonce, e: expiry seconds}) "." HMAC.
 * Made by a platform administrator with `npm run invite-company`; each can create one company.
 */
export interface Invitation {
  nonce: string;
  expiresAt: Date;
}

function mac(key: Buffer, payload: string): string {
  return crypto.createHmac('sha256', key).update(payload).digest('base64url');
}

export function makeInvitation(key: Buffer, validForSeconds: number, now = new Date()): string {
  const payload = Buffer.from(
    JSON.stringify({
      n: crypto.randomBytes(12).toString('base64url'),
      e: Math.floor(now.getTime() / 1000) + validForSeconds,
    }),
  ).toString('base64url');
  return `${payload}.${mac(key, payload)}`;
}

/** The invitation when the signature holds and it has not expired; otherwise null. */
export function readInvitation(key: Buffer, value: string, now = new Date()): Invitation | null {
  const [payload, signature, extra] = value.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(key, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  try {
    const { n, e } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { n: unknown; e: unknown };
    if (typeof n !== 'string' || typeof e !== 'number') return null;
    if (e * 1000 <= now.getTime()) return null;
    return { nonce: n, expiresAt: new Date(e * 1000) };
  } catch {
    return null;
  }
}
