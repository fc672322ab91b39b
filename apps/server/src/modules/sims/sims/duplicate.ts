import { AUTHORING_LIMITS, AUTHORING_TEXTS } from '@sim/shared';
import type { AppDeps } from '../../../deps';
import type { Actor } from '../../../lib/actor';
import { recordAudit } from '../../audit/service';
import { passFailOf, upsertPassFail } from '../criteria/repository';
import { copyLayouts } from '../layouts/repository';
import { insertLevel, levelsOf } from '../levels/repository';
import { insertScripts, scriptsOfSim } from '../scripts/repository';
import { activeSimOf } from '../shared/access';
import { charactersOf, insertCharacters } from './characters-repository';
import { insertSim } from './repository';
import { auditBy } from './service';

/** '<title> (Copy)', cut so that it fits the title limit. */
export function copyTitle(title: string): string {
  const suffix = AUTHORING_TEXTS.copySuffix;
  return `${title.slice(0, AUTHORING_LIMITS.titleMax - suffix.length)}${suffix}`;
}

/**
 * Duplicate Sim: a new sim (created by the caller) with copies of the characters, levels, scripts (with
 * their audio keys; the clips are shared, the try-out results are not) and the pass/fail criteria.
 */
export async function duplicateSim(deps: AppDeps, actor: Actor, simId: string): Promise<string> {
  return deps.db.transaction(async (tx) => {
    const source = await activeSimOf(tx, actor, simId);
    const now = deps.now();
    const { id: _id, createdAt: _c, updatedAt: _u, deletedAt: _d, createdBy: _b, ...sim } = source;
    const copyId = await insertSim(tx, {
      ...sim,
      title: copyTitle(source.title),
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    });

    const characterIds = new Map<string, string>();
    const characters = await charactersOf(tx, simId);
    const copies = await insertCharacters(
      tx,
      characters.map(({ id: _i, simId: _s, ...c }) => ({ ...c, simId: copyId, createdAt: now, updatedAt: now })),
    );
    for (const c of characters) {
      const copy = copies.find((x) => x.type === c.type);
      if (copy) characterIds.set(c.id, copy.id);
    }

    const levelIds = new Map<string, string>();
    for (const { level } of await levelsOf(tx, simId)) {
      const { id, simId: _s, ...values } = level;
      const copy = await insertLevel(tx, { ...values, simId: copyId, createdAt: now, updatedAt: now });
      levelIds.set(id, copy.id);
    }

    const scripts = await scriptsOfSim(tx, simId);
    await insertScripts(
      tx,
      scripts.map(({ script }) => {
        const { id: _i, simId: _s, simLevelId, simCharacterId, lastTryOut: _t, ...values } = script;
        return {
          ...values,
          simId: copyId,
          simLevelId: levelIds.get(simLevelId) ?? simLevelId,
          simCharacterId: simCharacterId ? (characterIds.get(simCharacterId) ?? null) : null,
          createdAt: now,
          updatedAt: now,
        };
      }),
    );

    const criteria = await passFailOf(tx, simId);
    if (criteria) {
      const { id: _i, simId: _s, simLevelId, ...values } = criteria;
      const levelId = levelIds.get(simLevelId);
      if (levelId)
        await upsertPassFail(tx, { ...values, simId: copyId, simLevelId: levelId, createdAt: now, updatedAt: now });
    }
    await copyLayouts(tx, simId, copyId, now);
    await recordAudit(tx, auditBy(actor), { type: 'sim.duplicated', simId: copyId, fromSimId: simId });
    return copyId;
  });
}
