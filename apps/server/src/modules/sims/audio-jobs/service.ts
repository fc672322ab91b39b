import { JOB_KINDS, type TAudioJob, type TGenerateMissingAudioRequest, type TLevelAudioJobQuery } from '@sim/shared';
import type { AppDeps } from '../../../deps';
import { insertJob, wakeWorkers } from '../../../jobs/queue';
import type { Actor } from '../../../lib/actor';
import { found } from '../../../lib/errors';
import { findLevel } from '../levels/repository';
import { simOf } from '../shared/access';
import * as repo from './repository';
import { type LevelAudioPayload, toAudioJob } from './shape';

/**
 * Generate All Missing Audio of a level: queues a background job (the handler voices each script
 * without audio). While the level has a job queued or running, that job is answered instead of a second
 * one (`created: false`). 404 for a sim of another company or in the trash, or a level not of the sim.
 */
export async function startLevelAudio(
  deps: AppDeps,
  actor: Actor,
  body: TGenerateMissingAudioRequest,
): Promise<{ job: TAudioJob; created: boolean }> {
  const { row, created } = await deps.db.transaction(async (tx) => {
    // the sim row lock serializes two starts for the same level
    found(await repo.lockActiveSim(tx, actor.companyId, body.sim_id));
    found(await findLevel(tx, body.sim_id, body.level_id));
    const current = await repo.activeJobOfLevel(tx, actor.companyId, body.sim_id, body.level_id);
    if (current) return { row: current, created: false };
    const payload: LevelAudioPayload = { sim_id: body.sim_id, level_id: body.level_id };
    const inserted = await insertJob(tx, {
      companyId: actor.companyId,
      kind: JOB_KINDS.levelAudio,
      payload: { ...payload },
      createdBy: actor.userId,
      total: await repo.countMissingAudio(tx, body.level_id),
    });
    return { row: inserted, created: true };
  });
  if (created) wakeWorkers();
  return { job: toAudioJob(row), created };
}

/** An audio job of the caller's company; 404 otherwise. */
export async function audioJob(deps: AppDeps, actor: Actor, id: string): Promise<TAudioJob> {
  return toAudioJob(found(await repo.audioJobOfCompany(deps.db, actor.companyId, id)));
}

/** The newest audio job of a level of the caller's sim (in the trash too), or null when it never had one. */
export async function levelAudioJob(
  deps: AppDeps,
  actor: Actor,
  query: TLevelAudioJobQuery,
): Promise<TAudioJob | null> {
  await simOf(deps.db, actor, query.sim_id);
  found(await findLevel(deps.db, query.sim_id, query.level_id));
  const row = await repo.newestJobOfLevel(deps.db, actor.companyId, query.sim_id, query.level_id);
  return row ? toAudioJob(row) : null;
}
