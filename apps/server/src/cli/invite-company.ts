/**
 * Prints a new-company invitation link (signed, expiring). Usage:
 *   npm run invite-company -- [--days 7] [--url http://localhost:3000]
 */
import { loadConfig } from '../config';
import { makeInvitation } from '../lib/invitation';
import { deriveKey, resolveSecret } from '../lib/secrets';

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const config = loadConfig();
const days = Number(arg('days') ?? '7');
if (!Number.isFinite(days) || days <= 0 || days > 90) {
  console.error('--days must be a number of days between 1 and 90');
  process.exit(1);
}
const base = (arg('url') ?? config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '');
const key = deriveKey(resolveSecret(config.jwtSecret, config.dataDir), 'invite');
const value = makeInvitation(key, Math.round(days * 86400));
console.log(`New-company invitation, valid ${days} day(s), usable once:`);
console.log(`${base}/login?allowNewCompany=${encodeURIComponent(value)}`);
