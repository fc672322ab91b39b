import net from 'node:net';
import { and, count, eq, gt, lt, max, min, ne, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import { authAttempts } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { AppError } from '../../lib/errors';
import { sha256 } from '../../lib/secrets';

/**
 * Limits of sign-in, forgot-password and reset attempts, counted in PostgreSQL (`auth_attempts`) so that
 * every server instance sees the same counts (docs/decisions.md). Only failures count (a forgot-password
 * request always counts: it sends an email and tells nothing):
 * - per account (the email, whoever sends it and from wherever): past `perAccount` failures within the
 *   window, each next attempt must wait after the latest one, 30 s then twice as long each time (at most
 *   the window). Guessing stalls; the real user is slowed, never locked out.
 * - per address (any emails): past `perAddress` failures within the window, 429 until they age out.
 * An attempt is written before it is checked, so parallel requests count each other.
 */
export type AttemptAction = 'login' | 'forgot' | 'reset';

export const FIRST_DELAY_MS = 30_000;

/** 429 with the seconds to wait (the route sends them as Retry-After). */
export class AttemptsLimited extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message);
  }
}

export interface Attempt {
  /** it succeeded: it does not count */
  pass(): Promise<void>;
  /** it failed: it counts for the account and for the address */
  fail(): Promise<void>;
}

/** The key of an email: its hash (made-up addresses are counted like real ones, and none is stored). */
export function accountKey(email: string): string {
  return sha256(email.trim().toLowerCase());
}

function ipv6Groups(ip: string): number[] | null {
  let text = ip.split('%')[0].toLowerCase();
  const v4 = text.match(/^(.*:)(\d+\.\d+\.\d+\.\d+)$/);
  if (v4) {
    const b = v4[2].split('.').map(Number);
    text = `${v4[1]}${((b[0] << 8) | b[1]).toString(16)}:${((b[2] << 8) | b[3]).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (h: string) => (h ? h.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const head = part(halves[0]);
  const tail = halves.length === 2 ? part(halves[1]) : [];
  const groups = halves.length === 2 ? [...head, ...Array(8 - head.length - tail.length).fill(0), ...tail] : head;
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? groups : null;
}

/**
 * The key of a client address: an IPv4 address as it is (also when written IPv4-mapped, ::ffff:a.b.c.d),
 * an IPv6 address by its /64, which one host or home usually holds whole.
 */
export function addressKey(ip: string): string {
  if (net.isIPv4(ip)) return ip;
  const groups = net.isIPv6(ip) ? ipv6Groups(ip) : null;
  if (!groups) return ip;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** How long the next attempt on an account waits after the latest one, given its failures in the window. */
export function accountDelayMs(failures: number, limits: AppConfig['authFailures']): number {
  if (failures < limits.perAccount) return 0;
  return Math.min(limits.windowMs, FIRST_DELAY_MS * 2 ** Math.min(failures - limits.perAccount, 30));
}

/**
 * Starts an attempt of `action` on the account `email` from `ip`; throws AttemptsLimited (429) when the
 * account must still wait or the address has failed too often. The caller reports the outcome.
 */
export async function beginAttempt(
  deps: AppDeps,
  action: AttemptAction,
  email: string,
  ip: string,
  message: string,
): Promise<Attempt> {
  const { db } = deps;
  const limits = deps.config.authFailures;
  const now = deps.now();
  const since = new Date(now.getTime() - limits.windowMs);
  const account = accountKey(email);
  const address = addressKey(ip);
  const [own] = await db
    .insert(authAttempts)
    .values({ action, account, address, at: now })
    .returning({ id: authAttempts.id });
  const forget = () => db.delete(authAttempts).where(eq(authAttempts.id, own.id));

  const [onAccount] = await db
    .select({ n: count(), latest: max(authAttempts.at) })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.action, action),
        eq(authAttempts.account, account),
        gt(authAttempts.at, since),
        ne(authAttempts.id, own.id),
      ),
    );
  const [fromAddress] = await db
    .select({ n: count(), oldest: min(authAttempts.at) })
    .from(authAttempts)
    .where(
      and(
        eq(authAttempts.action, action),
        eq(authAttempts.address, address),
        eq(authAttempts.failed, true),
        gt(authAttempts.at, since),
      ),
    );

  let waitMs = 0;
  const delay = accountDelayMs(onAccount.n, limits);
  if (delay > 0 && onAccount.latest) waitMs = onAccount.latest.getTime() + delay - now.getTime();
  if (fromAddress.n >= limits.perAddress && fromAddress.oldest)
    waitMs = Math.max(waitMs, fromAddress.oldest.getTime() + limits.windowMs - now.getTime(), 1000);
  if (waitMs > 0) {
    await forget();
    throw new AttemptsLimited(message, Math.ceil(Math.min(waitMs, limits.windowMs) / 1000));
  }

  return {
    async pass() {
      await forget();
    },
    async fail() {
      await db.update(authAttempts).set({ failed: true }).where(eq(authAttempts.id, own.id));
      // prune what no instance counts any more (measured by the earlier of this clock and the database's)
      await db
        .delete(authAttempts)
        .where(
          lt(
            authAttempts.at,
            sql`least(${since.toISOString()}::timestamptz, now() - make_interval(secs => ${limits.windowMs / 1000}))`,
          ),
        );
    },
  };
}
