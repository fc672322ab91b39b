import { isoDay } from '@sim/shared';
import { sql } from 'drizzle-orm';
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
 * The access versions of several companies in one named prepared statement (parsed and planned once per
 * connection, not built by the query builder on every call).
 */
function versionsStatement(db: DbOrTx) {
  return db
    .select({ id: companies.id, version: companies.accessVersion })
    .from(companies)
    .where(sql`${companies.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('access_cache_company_versions');
}

/**
 * Reads companies' access versions for the requests that ask, several requests in one statement. A request
 * joins the next statement, never one already sent: each answer comes from a statement that began after
 * the request asked, so it sees every change committed before the request, as its own read would. While a
 * statement is out, the requests that arrive wait for it to come back and then go out together in the next
 * one; with nothing out, a request's read goes out at once. Under load this turns one round trip per
 * request into one per batch.
 */
export class VersionReader {
  private waiting = new Map<string, { resolve: (v: number | undefined) => void; reject: (e: unknown) => void }[]>();
  private busy = false;

  /** `readVersions` answers the version of each of these companies that exists. */
  constructor(private readonly readVersions: (ids: string[]) => Promise<{ id: string; version: number }[]>) {}

  read(companyId: string): Promise<number | undefined> {
    return new Promise((resolve, reject) => {
      const list = this.waiting.get(companyId);
      if (list) list.push({ resolve, reject });
      else this.waiting.set(companyId, [{ resolve, reject }]);
      if (!this.busy) void this.flush();
    });
  }

  private async flush() {
    this.busy = true;
    while (this.waiting.size > 0) {
      const batch = this.waiting;
      this.waiting = new Map();
      try {
        const rows = await this.readVersions([...batch.keys()]);
        const versions = new Map(rows.map((r) => [r.id, Number(r.version)]));
        for (const [id, list] of batch) for (const w of list) w.resolve(versions.get(id));
      } catch (err) {
        for (const list of batch.values()) for (const w of list) w.reject(err);
      }
    }
    this.busy = false;
  }
}
const versionReaders = new WeakMap<DbOrTx, VersionReader>();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function readAccessVersion(db: DbOrTx, companyId: string): Promise<number | undefined> {
  // not a company id (tokens and signed URLs carry ours, so never in practice): no version, and the load
  // that follows fails on its own as it did before, without failing the other requests of a batch
  if (!UUID.test(companyId)) return undefined;
  let reader = versionReaders.get(db);
  if (!reader) {
    const statement = versionsStatement(db);
    reader = new VersionReader((ids) => statement.execute({ ids }));
    versionReaders.set(db, reader);
  }
  return reader.read(companyId);
}

/**
 * A short-lived cache of callers' access, per app instance. An entry serves a request only while the
 * company's `access_version` (bumped in the same transaction by every write that changes access, by the
 * triggers of migration 0004) is what it was when the entry was loaded, for at most `ttlMs`, and on the
 * same day (temporary roles start and end with the day). So a request costs one primary-key read of the
 * version when the access is cached (shared with the requests that ask at the same time, VersionReader),
 * and a change applies on the next call on every instance.
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
      if ((await readAccessVersion(db, companyId)) === entry.state.accessVersion) return entry.state;
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
