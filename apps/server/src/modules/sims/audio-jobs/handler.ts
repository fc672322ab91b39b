import { AUDIO_JOB_MESSAGES } from '@sim/shared';
import { z } from 'zod';
import type { AppDeps } from '../../../deps';
import type { JobHandler, JobRow } from '../../../jobs/types';
import type { Actor } from '../../../lib/actor';
import { AppError, NotFound } from '../../../lib/errors';
import { findLevel } from '../levels/repository';
import { findScript } from '../scripts/repository';
import { generateVoice } from '../scripts/service';
import * as repo from './repository';

const ZPayload = z.object({ sim_id: z.string(), level_id: z.string() });

/**
 * The job runs for the user who queued it, inside their company: generateVoice scopes every query by
 * actor.companyId. The sim_list update permission was checked when the job was queued.
 */
function actorOf(job: JobRow): Actor {
  return {
    userId: job.createdBy ?? '',
    companyId: job.companyId,
    isPlatformAdmin: false,
    permissions: new Set(),
  };
}

type Outcome = 'voiced' | 'skipped' | { failed: string };

/**
 * Generate All Missing Audio of a level: voices, one after the other, each script of the level that has
 * no audio, in its character's voice, with the same code as POST /api/v1/sims/generate-voice. A script
 * deleted or voiced meanwhile is taken off the total; a script that cannot be voiced counts in `failed`
 * and the others go on. The job fails when its sim goes to the trash (or is deleted) or its level is
 * deleted. Run again after an interruption, it goes on with the scripts still without audio.
 */
export const levelAudioJob: JobHandler<AppDeps> = async ({ job, deps, signal, progress, log }) => {
  const { sim_id: simId, level_id: levelId } = ZPayload.parse(job.payload);
  const actor = actorOf(job);

  /** Throws the job's failure when the sim or the level is gone. */
  const assertStillThere = async () => {
    if (!(await repo.isSimActive(deps.db, job.companyId, simId))) throw NotFound(AUDIO_JOB_MESSAGES.simGone);
    if (!(await findLevel(deps.db, simId, levelId))) throw NotFound(AUDIO_JOB_MESSAGES.levelGone);
  };

  const voice = async (scriptId: string): Promise<Outcome> => {
    const current = await findScript(deps.db, simId, scriptId);
    if (!current || current.script.simLevelId !== levelId || !repo.lacksAudio(current.script)) return 'skipped';
    try {
      await generateVoice(deps, actor, { sim_id: simId, sim_script_id: scriptId });
      return 'voiced';
    } catch (err) {
      await assertStillThere();
      const now = await findScript(deps.db, simId, scriptId);
      if (!now || now.script.simLevelId !== levelId) return 'skipped'; // deleted or moved meanwhile
      if (!(err instanceof AppError)) log.error({ err, jobId: job.id, scriptId }, 'script audio failed');
      return { failed: err instanceof Error ? err.message : String(err) };
    }
  };

  await assertStillThere();
  const todo = await repo.scriptIdsMissingAudio(deps.db, levelId);
  let done = job.done; // voiced by an earlier, interrupted run of this job
  let failed = 0;
  let total = done + todo.length;
  await progress({ total, done, failed });
  const failures: { script_id: string; message: string }[] = [];
  for (const scriptId of todo) {
    signal.throwIfAborted();
    const outcome = await voice(scriptId);
    if (outcome === 'voiced') done += 1;
    else if (outcome === 'skipped') total -= 1;
    else {
      failed += 1;
      failures.push({ script_id: scriptId, message: outcome.failed });
    }
    await progress({ total, done, failed });
  }
  return { failures };
};
