import crypto from 'node:crypto';
import { isoDay } from '@sim/shared';

/** The password of every user the factories make (unless one is given). */
export const PASSWORD = 'Secret@12345';

/** A well-formed id that no record has. */
export const MISSING_ID = '00000000-0000-4000-8000-000000000000';

/** A name no other test uses, so test files run in parallel on one database. */
export const unique = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

/** The day `days` after today (UTC), as YYYY-MM-DD. */
export const dayFromToday = (days: number, from = new Date()) => isoDay(new Date(from.getTime() + days * 86_400_000));
