import {
  AUTHORING_MESSAGES,
  type TCharacter,
  type TDeletedSimsQuery,
  type TFullLevel,
  type TSim,
  type TSimListQuery,
} from '@sim/shared';
import type { AppDeps } from '../../../deps';
import type { Actor } from '../../../lib/actor';
import { found, NotFound } from '../../../lib/errors';
import { type AuditSource, recordAudit } from '../../audit/service';
import { passFailOf } from '../criteria/repository';
import { levelsOf } from '../levels/repository';
import { scriptsOfSim } from '../scripts/repository';
import { simOf } from '../shared/access';
import {
  defaultCharacters,
  selectVoices,
  simUploads,
  toCharacter,
  toLevel,
  toPassFail,
  toScript,
} from '../shared/shape';
import { releaseBlob, releasePackage, toDocument } from '../uploads/files';
import { charactersOf } from './characters-repository';
import * as repo from './repository';

/** A page of sims with their attachments' urls signed (the database keeps blob keys). */
function signed(deps: AppDeps, page: { sims: TSim[]; total: number }) {
  return {
    ...page,
    sims: page.sims.map((s) => ({ ...s, documents: s.documents.map((d) => toDocument(deps, d)) })),
  };
}

export async function listSims(deps: AppDeps, actor: Actor, query: TSimListQuery) {
  return signed(deps, await repo.listSims(deps.db, actor.companyId, query));
}

export async function listDeletedSims(deps: AppDeps, actor: Actor, query: TDeletedSimsQuery) {
  return signed(deps, await repo.listDeletedSims(deps.db, actor.companyId, query));
}

export function simOptions(deps: AppDeps, actor: Actor, productId?: string) {
  return repo.simOptions(deps.db, actor.companyId, productId);
}

/** The sims of a product with their levels (the sim and level selects of other screens). */
export async function simData(deps: AppDeps, actor: Actor, productId?: string) {
  const options = await repo.simOptions(deps.db, actor.companyId, productId);
  const levels = await repo.levelOptionsOf(
    deps.db,
    options.map((s) => s._id),
  );
  return options.map((s) => ({
    ...s,
    levels: levels.filter((l) => l.simId === s._id).map((l) => ({ _id: l.id, name: l.name, order: l.order })),
  }));
}

export function products(deps: AppDeps) {
  return repo.products(deps.db);
}

/** The sim's characters, or the defaults of section 3 when it has none. */
async function charactersOrDefaults(deps: AppDeps, simId: string): Promise<{ list: TCharacter[]; defaults: boolean }> {
  const rows = await charactersOf(deps.db, simId);
  return rows.length
    ? { list: rows.map(toCharacter), defaults: false }
    : { list: defaultCharacters(simId), defaults: true };
}

/** GET /characters: without a sim, the defaults. */
export async function characters(deps: AppDeps, actor: Actor, simId?: string) {
  if (!simId) return { sim_characters: defaultCharacters(null), defaults: true };
  await simOf(deps.db, actor, simId);
  const { list, defaults } = await charactersOrDefaults(deps, simId);
  return { sim_characters: list, defaults };
}

/** The sim and its characters (the trash is readable too). */
export async function simDetails(deps: AppDeps, actor: Actor, simId: string) {
  const row = await simOf(deps.db, actor, simId);
  const sim = found(await repo.findSimView(deps.db, actor.companyId, simId));
  const { list } = await charactersOrDefaults(deps, simId);
  return { ...sim, ...simUploads(deps, row), sim_characters: list, selectVoices: selectVoices() };
}

/** The sim, its characters, its levels (with script counts) and its pass/fail criteria. */
export async function currentSim(deps: AppDeps, actor: Actor, simId: string) {
  const details = await simDetails(deps, actor, simId);
  const [levels, passFail] = await Promise.all([levelsOf(deps.db, simId), passFailOf(deps.db, simId)]);
  return {
    ...details,
    levels: levels.map((l) => toLevel(l.level, l.totalScripts)),
    pass_fail: passFail ? toPassFail(passFail) : null,
  };
}

/** Everything: the current sim and every level's scripts with signed audio URLs. */
export async function fullDetails(deps: AppDeps, actor: Actor, simId: string) {
  const current = await currentSim(deps, actor, simId);
  const scripts = await scriptsOfSim(deps.db, simId);
  const levels: TFullLevel[] = current.levels.map((level) => ({
    ...level,
    scripts: scripts.filter((s) => s.script.simLevelId === level._id).map((s) => toScript(deps, s.script, s.character)),
  }));
  return { ...current, levels };
}

export async function trashSim(deps: AppDeps, actor: Actor, simId: string) {
  await deps.db.transaction(async (tx) => {
    if (!(await repo.trashSim(tx, actor.companyId, simId, deps.now()))) throw NotFound();
    await recordAudit(tx, auditBy(actor), { type: 'sim.trashed', simId });
  });
  return AUTHORING_MESSAGES.simDeleted;
}

export async function recoverSim(deps: AppDeps, actor: Actor, simId: string) {
  await deps.db.transaction(async (tx) => {
    if (!(await repo.restoreSim(tx, actor.companyId, simId, deps.now()))) throw NotFound();
    await recordAudit(tx, auditBy(actor), { type: 'sim.restored', simId });
  });
  return AUTHORING_MESSAGES.simRecovered;
}

/** Deletes the company's trashed sims for good; answers how many. */
/**
 * Deletes the trashed sims for good; once that is committed, their stored files go too, unless another
 * sim (a duplicate) still points to them.
 */
export async function emptyTrash(deps: AppDeps, actor: Actor): Promise<number> {
  const removed = await deps.db.transaction(async (tx) => {
    const rows = await repo.deleteTrashedSims(tx, actor.companyId);
    if (rows.length)
      await recordAudit(tx, auditBy(actor), { type: 'sim.trash_emptied', simIds: rows.map((r) => r.id) });
    return rows;
  });
  for (const sim of removed) {
    for (const key of sim.keys) await releaseBlob(deps, key);
    await releasePackage(deps, sim.packageEntry);
  }
  return removed.length;
}

/** The source of a sim's audit entries: the caller and their company. */
export function auditBy(actor: Actor): AuditSource {
  return { companyId: actor.companyId, actorId: actor.userId };
}
