import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The signing secret: JWT_SECRET when set, otherwise a random secret made once and kept in
 * DATA_DIR/secret.key (mode 600) so sessions and invitations survive a restart.
 */
export function resolveSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secret.key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** A key for one purpose derived from the main secret, so one leak does not open everything. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return crypto.createHmac('sha256', secret).update(`simcentre:${purpose}`).digest();
}

export function sha256(text: string): string {
  return crypto.createHash('sha256').update(text).digest('hex');
}

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}
