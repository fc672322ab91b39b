import { VOICE_SERVICE_MESSAGES } from '@sim/shared';
import type { Actor } from '../lib/actor';
import { AppError, Conflict } from '../lib/errors';
import { type AttemptRecord, assertCanReadAttempt } from './attempt';

/**
 * The hand-off of an attempt's level audio to the external voice-recording service
 * (learner-and-review.md sections 2 and 7). Whoever may read the attempt may send it (its learner, or a
 * caller who sees others' results, of the same company; 404 otherwise, as the attempts policy answers),
 * when the service is configured (503), the attempt is finished (409) and its level or the result itself
 * is flagged send_to_snowfly (409). Pure, like every policy.
 */

/** What the rules compare of an attempt, as the service loads it. */
export interface HandOffRecord extends AttemptRecord {
  /** the result's own flag */
  readonly sendToSnowfly: boolean;
  /** the level's flag */
  readonly levelSendToSnowfly: boolean;
}

/** The level or the result is flagged send_to_snowfly. */
export function flaggedForVoiceService(record: Pick<HandOffRecord, 'sendToSnowfly' | 'levelSendToSnowfly'>): boolean {
  return record.sendToSnowfly || record.levelSendToSnowfly;
}

/** The send button may show: the service is configured and the level or the result is flagged. */
export function voiceServiceAvailable(configured: boolean, record: HandOffRecord): boolean {
  return configured && flaggedForVoiceService(record);
}

export function assertCanHandOff<R extends HandOffRecord>(
  actor: Actor,
  attempt: R | null | undefined,
  configured: boolean,
): asserts attempt is R {
  assertCanReadAttempt(actor, attempt);
  if (!configured) throw new AppError('UNAVAILABLE', VOICE_SERVICE_MESSAGES.notConfigured);
  if (attempt.status === 'started') throw Conflict(VOICE_SERVICE_MESSAGES.notFinished);
  if (!flaggedForVoiceService(attempt)) throw Conflict(VOICE_SERVICE_MESSAGES.notFlagged);
}
