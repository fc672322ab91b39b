import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, users } from '../../db/schema/index';
import type { Actor } from '../../lib/actor';
import { found, NotFound } from '../../lib/errors';
import { reachesCompany } from '../../policies/core';

/**
 * The company a roles or permissions call acts on: the caller's own by default; another one only for a
 * platform administrator (anyone else gets 404, as for any record outside their company).
 */
export async function companyInScope(db: DbOrTx, actor: Actor, companyId?: string): Promise<string> {
  if (!companyId || companyId === actor.companyId) return actor.companyId;
  if (!reachesCompany(actor, companyId, { platformWide: true })) throw NotFound();
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  return found(row).id;
}

/** Every company for a platform administrator; the caller's own for anyone else. */
export async function companiesFor(db: DbOrTx, actor: Actor) {
  const rows = await db
    .select({ _id: companies.id, name: companies.name })
    .from(companies)
    .where(actor.isPlatformAdmin ? undefined : eq(companies.id, actor.companyId))
    .orderBy(asc(companies.name), asc(companies.id));
  if (!rows.length) throw NotFound();
  return rows;
}

/** The caller's main role id (their own role cannot be disabled or deleted by them). */
export async function mainRoleIdOf(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId));
  return row?.roleId ?? null;
}
