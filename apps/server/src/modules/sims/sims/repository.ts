import type { SimType, TDeletedSimsQuery, TProduct, TSim, TSimListQuery, TSimOption } from '@sim/shared';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client';
import { simLevels, simPassFail, simScripts, sims, tools, users } from '../../../db/schema/index';
import { fullName, likePattern } from '../../../db/sql-helpers';

const creator = alias(users, 'creator');

/** Counts per sim; "sims"."id" written out so it binds to the outer row. */
const totalLevels = sql<number>`(select count(*)::int from ${simLevels} l where l.sim_id = "sims"."id")`;
const totalSteps = sql<number>`(select count(*)::int from ${simScripts} s where s.sim_id = "sims"."id")`;
const passFailId = sql<string | null>`(select p.id from ${simPassFail} p where p.sim_id = "sims"."id")`;

function selectSims(db: DbOrTx) {
  return db
    .select({
      sim: sims,
      productName: tools.name,
      productType: tools.type,
      creatorId: creator.id,
      creatorName: fullName(creator),
      totalLevels,
      totalSteps,
      passFailId,
    })
    .from(sims)
    .innerJoin(tools, eq(tools.id, sims.productId))
    .leftJoin(creator, eq(creator.id, sims.createdBy));
}
type SimViewRow = Awaited<ReturnType<ReturnType<typeof selectSims>['where']>>[number];

function toSim(r: SimViewRow): TSim {
  const s = r.sim;
  return {
    _id: s.id,
    title: s.title,
    description: s.description,
    brief_description: s.briefDescription,
    admin_note: s.adminNote,
    product_id: s.productId,
    product: r.productName,
    product_name: r.productName,
    product_type: r.productType,
    sim_type: s.simType as SimType,
    call_type: s.callType,
    auto_populate: s.autoPopulate,
    real_time_feedback: s.realTimeFeedback,
    natural_lenguage: s.naturalLenguage,
    draft: s.draft,
    hot_links: s.hotLinks,
    documents: s.documents,
    activeStep: s.activeStep,
    is_pass_fail_criteria_set: s.isPassFailCriteriaSet,
    pass_fail_id: r.passFailId,
    company: s.companyId,
    created_by: r.creatorId ? { _id: r.creatorId, name: r.creatorName } : null,
    built_by: r.creatorId ? r.creatorName : '',
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
    deleted_at: s.deletedAt ? s.deletedAt.toISOString() : null,
    totalLevels: r.totalLevels,
    totalSteps: r.totalSteps,
  };
}

const SORT: Record<TSimListQuery['sortBy'], SQL> = {
  title: sql`lower(${sims.title})`,
  sim_type: sql`${sims.simType}`,
  created_at: sql`${sims.createdAt}`,
  updated_at: sql`${sims.updatedAt}`,
  admin_note: sql`lower(${sims.adminNote})`,
  draft: sql`${sims.draft}`,
  built_by: sql`lower(${fullName(creator)})`,
  totalLevels,
  totalSteps,
};

async function page(db: DbOrTx, where: SQL | undefined, orderBy: SQL[], skip: number, limit: number) {
  const [rows, [{ total }]] = await Promise.all([
    selectSims(db)
      .where(where)
      .orderBy(...orderBy, asc(sims.id))
      .limit(limit)
      .offset(skip),
    db.select({ total: count() }).from(sims).where(where),
  ]);
  return { sims: rows.map(toSim), total };
}

/** A page of the company's active sims (the sim list). */
export function listSims(db: DbOrTx, companyId: string, q: TSimListQuery) {
  const where = and(
    eq(sims.companyId, companyId),
    isNull(sims.deletedAt),
    q.product ? eq(sims.productId, q.product) : undefined,
    q.title ? ilike(sims.title, likePattern(q.title)) : undefined,
  );
  const dir = q.order === 'asc' ? asc : desc;
  return page(db, where, [dir(SORT[q.sortBy])], q.skip, q.limit);
}

/** A page of the company's trash, last deleted first. */
export function listDeletedSims(db: DbOrTx, companyId: string, q: TDeletedSimsQuery) {
  const where = and(
    eq(sims.companyId, companyId),
    isNotNull(sims.deletedAt),
    q.title ? ilike(sims.title, likePattern(q.title)) : undefined,
  );
  return page(db, where, [desc(sims.deletedAt)], q.skip, q.limit);
}

export async function findSimView(db: DbOrTx, companyId: string, simId: string): Promise<TSim | null> {
  const [row] = await selectSims(db).where(and(eq(sims.id, simId), eq(sims.companyId, companyId)));
  return row ? toSim(row) : null;
}

/** The company's active sims, optionally of one product, by title (the sim selects). */
export async function simOptions(db: DbOrTx, companyId: string, productId?: string): Promise<TSimOption[]> {
  const rows = await db
    .select({
      id: sims.id,
      title: sims.title,
      simType: sims.simType,
      productId: sims.productId,
      productName: tools.name,
      draft: sims.draft,
    })
    .from(sims)
    .innerJoin(tools, eq(tools.id, sims.productId))
    .where(
      and(eq(sims.companyId, companyId), isNull(sims.deletedAt), productId ? eq(sims.productId, productId) : undefined),
    )
    .orderBy(asc(sql`lower(${sims.title})`), asc(sims.id));
  return rows.map((r) => ({
    _id: r.id,
    title: r.title,
    sim_type: r.simType as SimType,
    product_id: r.productId,
    product_name: r.productName,
    draft: r.draft,
  }));
}

/** id, name and order of the levels of these sims (the sims were scoped by the caller). */
export async function levelOptionsOf(db: DbOrTx, simIds: readonly string[]) {
  if (!simIds.length) return [];
  return db
    .select({ simId: simLevels.simId, id: simLevels.id, name: simLevels.name, order: simLevels.sortOrder })
    .from(simLevels)
    .where(inArray(simLevels.simId, [...simIds]))
    .orderBy(asc(simLevels.sortOrder), asc(simLevels.createdAt), asc(simLevels.id));
}

export async function products(db: DbOrTx): Promise<TProduct[]> {
  const rows = await db.select().from(tools).orderBy(asc(tools.sortOrder), asc(tools.name));
  return rows.map((t) => ({ _id: t.id, name: t.name, type: t.type }));
}

export async function findProduct(db: DbOrTx, id: string | undefined) {
  const [row] = await db
    .select()
    .from(tools)
    .where(id ? eq(tools.id, id) : undefined)
    .orderBy(asc(tools.sortOrder), asc(tools.name))
    .limit(1);
  return row ?? null;
}

export type SimInsert = typeof sims.$inferInsert;

export async function insertSim(db: DbOrTx, values: SimInsert): Promise<string> {
  const [row] = await db.insert(sims).values(values).returning({ id: sims.id });
  return row.id;
}

export async function updateSim(db: DbOrTx, simId: string, values: Partial<SimInsert>) {
  await db.update(sims).set(values).where(eq(sims.id, simId));
}

/** Moves an active sim to the trash; false when there is no such active sim in the company. */
export async function trashSim(db: DbOrTx, companyId: string, simId: string, now: Date) {
  const rows = await db
    .update(sims)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(sims.id, simId), eq(sims.companyId, companyId), isNull(sims.deletedAt)))
    .returning({ id: sims.id });
  return rows.length > 0;
}

export async function restoreSim(db: DbOrTx, companyId: string, simId: string, now: Date) {
  const rows = await db
    .update(sims)
    .set({ deletedAt: null, updatedAt: now })
    .where(and(eq(sims.id, simId), eq(sims.companyId, companyId), isNotNull(sims.deletedAt)))
    .returning({ id: sims.id });
  return rows.length > 0;
}

/** A removed sim's stored files: the blob keys to release once the removal is committed. */
export interface RemovedSimFiles {
  id: string;
  keys: string[];
  packageEntry: string | null;
}

/**
 * Deletes the company's trashed sims for good (characters, levels, scripts, criteria go with them) and
 * answers the blob keys they held (documents, videos, recorded clips, learning package).
 */
export async function deleteTrashedSims(db: DbOrTx, companyId: string): Promise<RemovedSimFiles[]> {
  const trashed = and(eq(sims.companyId, companyId), isNotNull(sims.deletedAt));
  const recorded = await db
    .select({ simId: simScripts.simId, key: simScripts.agentRecordedKey })
    .from(simScripts)
    .innerJoin(sims, eq(sims.id, simScripts.simId))
    .where(and(trashed, isNotNull(simScripts.agentRecordedKey)));
  const rows = await db.delete(sims).where(trashed).returning({
    id: sims.id,
    documents: sims.documents,
    tutorialVideo: sims.tutorialVideo,
    captivateDemoVideo: sims.captivateDemoVideo,
    captivateEntry: sims.captivateEntry,
  });
  return rows.map((r) => ({
    id: r.id,
    keys: [
      ...r.documents.map((d) => d.url),
      ...[r.tutorialVideo?.key, r.captivateDemoVideo?.key].filter((k): k is string => Boolean(k)),
      ...recorded.filter((x) => x.simId === r.id && x.key).map((x) => x.key as string),
    ],
    packageEntry: r.captivateEntry,
  }));
}
