import {
  type SnowflyStatus,
  TAKE_SIM_MESSAGES,
  type TSnowflyMergeRequest,
  type TSnowflyMergeResponse,
  type TSnowflyStatusResponse,
  VOICE_SERVICE_LIMITS,
  VOICE_SERVICE_MESSAGES,
} from '@sim/shared';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { runClaimedHere } from '../../jobs/queue';
import type { Actor } from '../../lib/actor';
import { NotFound } from '../../lib/errors';
import { assertCanReadAttempt } from '../../policies/attempt';
import { assertCanHandOff, voiceServiceAvailable } from '../../policies/voice-service';
import { queueHandOff, VOICE_SERVICE_JOB_KIND } from './job';
import * as repo from './repository';
import { whenSettled } from './settled';

/**
 * The hand-off of a level's audio to the external voice-recording service (learner-and-review.md sections
 * 2 and 7; DECISIONS.md section 7). Other modules read `voiceServiceEnabled` (the result view's button).
 */

/** True when the external voice-recording service is configured (VOICE_SERVICE_URL). */
export function voiceServiceEnabled(deps: AppDeps): boolean {
  return Boolean(deps.config.voiceService?.url);
}

export { VOICE_SERVICE_JOB_KIND, voiceServiceJob } from './job';

interface HandOffState {
  status: SnowflyStatus | null;
  snowflyId: string | null;
  error: string | null;
}

/**
 * The attempt's hand-off as it stands. `queued` whose job is no longer alive (its instance died and the
 * stale-heartbeat sweep gave it up) is reported failed with the job's reason, never left waiting silently.
 */
async function stateOf(db: DbOrTx, attempt: repo.HandOffAttempt): Promise<HandOffState> {
  const state = { status: attempt.snowflyStatus, snowflyId: attempt.snowflyId, error: attempt.snowflyError };
  if (attempt.snowflyStatus !== 'queued') return state;
  const job = await repo.latestHandOffJob(db, attempt.companyId, VOICE_SERVICE_JOB_KIND, attempt.id);
  if (job && repo.isLive(job.status)) return state;
  return { status: 'failed', snowflyId: null, error: attempt.snowflyError ?? VOICE_SERVICE_MESSAGES.stalled };
}

/**
 * POST snowfly-audio-merge: whoever may read the attempt (404), the service configured (503), the attempt
 * finished (409), its level or the result flagged (409); simId / simLevelId when sent must be the attempt's
 * (404). Already sent: the stored id, nothing posted again. Queued with its job alive: that hand-off's
 * state, no second job. Otherwise (never sent, failed, or a job given up): the attempt is set `queued` and
 * the job written in one transaction holding the attempt's row, then run here; the request waits for the
 * run's first try at most VOICE_SERVICE_LIMITS.answerWaitMs, so a quick service's id is in the answer.
 * `queued` answers 202 (the UI then polls the status route), the others 200.
 */
export async function handOff(
  deps: AppDeps,
  actor: Actor,
  body: TSnowflyMergeRequest,
): Promise<{ code: 200 | 202; answer: TSnowflyMergeResponse }> {
  const configured = voiceServiceEnabled(deps);
  const { attempt, job } = await deps.db.transaction(async (tx) => {
    const attempt = await repo.findHandOffAttempt(tx, actor.companyId, body.responseId, { lock: true });
    assertCanHandOff(actor, attempt, configured);
    if (
      (body.simId !== undefined && body.simId !== attempt.simId) ||
      (body.simLevelId !== undefined && body.simLevelId !== attempt.simLevelId)
    )
      throw NotFound(TAKE_SIM_MESSAGES.attemptNotFound);
    const current = await stateOf(tx, attempt);
    if (current.status === 'sent' || current.status === 'queued') return { attempt, job: null };
    await repo.setHandOff(tx, actor.companyId, attempt.id, {
      snowflyStatus: 'queued',
      snowflyId: null,
      snowflyError: null,
    });
    return { attempt, job: await queueHandOff(tx, actor, attempt.id) };
  });
  if (job) {
    const outcome = whenSettled(attempt.id, VOICE_SERVICE_LIMITS.answerWaitMs);
    runClaimedHere(deps, [job]);
    await outcome;
  }
  const now = await repo.findHandOffAttempt(deps.db, actor.companyId, attempt.id);
  const state = now ? await stateOf(deps.db, now) : { status: 'failed' as const, snowflyId: null, error: null };
  const status = state.status ?? 'queued';
  return {
    code: status === 'queued' ? 202 : 200,
    answer: {
      success: true,
      data: {
        success: status !== 'failed',
        snowflyId: status === 'sent' ? state.snowflyId : null,
        status,
        error: status === 'sent' ? null : state.error,
      },
    },
  };
}

/** GET snowfly-audio-merge/status: the hand-off of an attempt the caller may read (404 otherwise). */
export async function handOffStatus(deps: AppDeps, actor: Actor, responseId: string): Promise<TSnowflyStatusResponse> {
  const attempt = await repo.findHandOffAttempt(deps.db, actor.companyId, responseId);
  assertCanReadAttempt(actor, attempt);
  const state = await stateOf(deps.db, attempt);
  return {
    success: true,
    status: state.status,
    snowfly_id: state.snowflyId,
    error: state.error,
    available: voiceServiceAvailable(voiceServiceEnabled(deps), attempt),
  };
}
