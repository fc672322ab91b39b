import { VOICE_SERVICE_LIMITS, VOICE_SERVICE_MESSAGES } from '@sim/shared';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { insertClaimedJob } from '../../jobs/queue';
import { type JobHandler, RetryLater } from '../../jobs/types';
import { AppError } from '../../lib/errors';
import { scriptsOfLevel } from '../sims/service';
import { HandOffError, postMergedAudio } from './client';
import { type MergeLine, mergeLines, NothingToMergeError } from './merge';
import * as repo from './repository';
import { settled } from './settled';

/**
 * The hand-off of an attempt's level audio to the external voice-recording service, as a job claimed at
 * birth (like the emails and the grading): the request sets the attempt `queued` and writes the job in one
 * transaction; after the commit this instance's worker runs it. The run merges the level's lines in order
 * (character lines: the script's clip; the learner's lines: the attempt's recording; lines without audio
 * skipped and counted) with ffmpeg and posts the MP3 with the spec's fields. Sent: the service's id is kept
 * on the attempt (`snowfly_id`, status `sent`). A failure that may pass (the service unreachable, too slow,
 * answering 5xx/408/429, ffmpeg failing) is retried after each of VOICE_SERVICE_RETRY_DELAYS_MS, the
 * attempt staying `queued` with the last error; then, or at once for a failure that will not pass (no
 * audio at all, another refusal, an answer without an id), the attempt is `failed` with the reason, the
 * error is logged and the job is failed. Every write is guarded by the attempt still being `queued`.
 */
export const VOICE_SERVICE_JOB_KIND = 'voice-service-hand-off';

const ZPayload = z.object({ attempt_id: z.string() });

/** Writes the hand-off job of an attempt; call it inside the transaction that sets the attempt queued. */
export function queueHandOff(tx: DbOrTx, owner: { companyId: string; userId: string }, attemptId: string) {
  return insertClaimedJob(tx, {
    companyId: owner.companyId,
    kind: VOICE_SERVICE_JOB_KIND,
    payload: { attempt_id: attemptId },
    createdBy: owner.userId,
    total: 1,
  });
}

/** The level's lines in order, each with the clip the merge takes (none for a coach line left out). */
async function linesOf(deps: AppDeps, attempt: repo.HandOffAttempt): Promise<MergeLine[]> {
  const [scripts, recordings] = await Promise.all([
    scriptsOfLevel(deps.db, attempt.simLevelId),
    repo.recordingsOf(deps.db, attempt.companyId, attempt.id),
  ]);
  return scripts
    .filter(({ character }) => !(attempt.withoutCoach && character?.type === 'coach'))
    .map(({ script, character }): MergeLine => {
      const learner = character?.type === 'agent';
      return {
        scriptId: script.id,
        source: learner ? 'learner' : 'character',
        key: learner ? (recordings.get(script.id) ?? null) : script.audioKey,
      };
    });
}

/** The failure's message and whether it is worth another try. */
function failureOf(err: unknown): { message: string; retry: boolean } {
  if (err instanceof HandOffError) return { message: err.message, retry: err.retry };
  if (err instanceof NothingToMergeError) return { message: VOICE_SERVICE_MESSAGES.noAudio, retry: false };
  return { message: VOICE_SERVICE_MESSAGES.mergeFailed, retry: true };
}

async function send(deps: AppDeps, attempt: repo.HandOffAttempt, signal: AbortSignal) {
  const config = deps.config.voiceService;
  if (!config) throw new HandOffError(VOICE_SERVICE_MESSAGES.notConfigured, false);
  const merged = await mergeLines(deps, await linesOf(deps, attempt));
  try {
    const snowflyId = await postMergedAudio(
      config,
      {
        simName: attempt.simName,
        levelName: attempt.levelName,
        levelNum: String(attempt.levelOrder + VOICE_SERVICE_LIMITS.levelNumOffset),
        simId: attempt.simId,
        responseId: attempt.id,
        simLevelId: attempt.simLevelId,
        user: attempt.userId,
      },
      { path: merged.file, name: `${attempt.id}.mp3` },
      signal,
    );
    return { snowflyId, lines: merged.lines, merged: merged.merged, skipped: merged.skipped };
  } finally {
    await merged.done();
  }
}

export const voiceServiceJob: JobHandler<AppDeps> = async ({ job, deps, log, signal }) => {
  const { attempt_id: attemptId } = ZPayload.parse(job.payload);
  try {
    const attempt = await repo.findHandOffAttempt(deps.db, job.companyId, attemptId);
    if (attempt?.snowflyStatus !== 'queued') return { outcome: 'dropped' };
    try {
      const sent = await send(deps, attempt, signal);
      const kept = await repo.setHandOff(
        deps.db,
        job.companyId,
        attemptId,
        { snowflyStatus: 'sent', snowflyId: sent.snowflyId, snowflyError: null },
        { whileQueued: true },
      );
      log.info({ jobId: job.id, attemptId, ...sent }, 'level audio handed to the voice-recording service');
      return { outcome: kept ? 'sent' : 'dropped', snowfly_id: sent.snowflyId, ...sent };
    } catch (err) {
      if (signal.aborted) throw err; // the worker stops: the job goes back to the queue as it was
      const failure = failureOf(err);
      const delay = failure.retry ? deps.config.voiceService?.retryDelaysMs[job.attempts - 1] : undefined;
      const state = delay === undefined ? 'failed' : 'queued';
      await repo.setHandOff(
        deps.db,
        job.companyId,
        attemptId,
        { snowflyStatus: state, snowflyError: failure.message },
        { whileQueued: true },
      );
      if (delay !== undefined) throw new RetryLater(delay, { cause: err });
      log.error(
        { err, jobId: job.id, attemptId, tries: job.attempts, reason: failure.message },
        'the level audio could not be handed to the voice-recording service',
      );
      throw new AppError('UNAVAILABLE', failure.message);
    }
  } finally {
    settled(attemptId);
  }
};
