import { isoDay } from '@sim/shared';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema/index';
import { loadUserAccessState, type UserAccessState } from './access-repository';

interface Entry {
  state: UserAccessState;
  /** the day the temporary roles were resolved for */
  day: string;
  loadedAt: number;
}

/**
 * A short-lived cache of callers' access, per app instance. An entry serves a request only while the
 * company's `access_version` (bumped in the same transaction by every write that changes access, by the
 * triggers of migration 0004) is what it was when the entry was loaded, for at most `ttlMs`, and on the
 * same day (temporary roles start and end with the day). So a request costs one primary-key read of the
 * version when the access is cached, and a change applies on the next call on every instance.
 */
export class AccessCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  async load(db: DbOrTx, userId: string, companyId: string, now: Date): Promise<UserAccessState | null> {
    const key = `${userId}:${companyId}`;
    const day = isoDay(now);
    const entry = this.entries.get(key);
    const age = now.getTime() - (entry?.loadedAt ?? 0);
    if (entry && entry.day === day && age >= 0 && age < this.ttlMs) {
      const [company] = await db
        .select({ version: companies.accessVersion })
        .from(companies)
        .where(eq(companies.id, companyId));
      if (company && Number(company.version) === entry.state.accessVersion) return entry.state;
    }
    this.entries.delete(key);
    // the version is read in the same statement as the access, so an entry never outlives a change
    const state = await loadUserAccessState(db, userId, now, companyId);
    if (!state) return null;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { state, day, loadedAt: now.getTime() });
    return state;
  }
}
