import { SCREEN_RECORDING_MESSAGES as M } from '@sim/shared';
import type { Actor } from '../lib/actor';
import { Forbidden, NotFound, RuleBroken } from '../lib/errors';
import { holds } from './core';
import { mayReadRecording, type ResultRecord } from './result';

/** What the rules compare of an attempt whose screen is recorded, as the service loads it. */
export interface RecordedAttemptRecord extends ResultRecord {
  /** the attempt's level records the screen */
  readonly screenRecording: boolean;
}

/**
 * Who may do what with an attempt's screen recording (learner-and-review.md sections 7 and 9):
 * - upload its parts and build its video: the attempt's learner only, on a level that records the screen;
 *   another user of the company gets 403, another company (or no such attempt) 404;
 * - read its status and video: whoever may read the attempt's result (policies/result.ts mayReadRecording),
 *   404 otherwise;
 * - save it / mark it best practice, and get its download URL: a reader holding download_video view (the
 *   "Download Sim Screen Recording Button" permission; the save route checks it before the record).
 */
export function assertOwnRecordedAttempt<R extends RecordedAttemptRecord>(
  actor: Actor,
  attempt: R | null,
): asserts attempt is R {
  if (!attempt || attempt.companyId !== actor.companyId) throw NotFound(M.attemptNotFound);
  if (attempt.userId !== actor.userId) throw Forbidden(M.notYourAttempt);
  if (!attempt.screenRecording) throw RuleBroken(M.levelNotRecorded);
}

export function assertCanReadVideo<R extends RecordedAttemptRecord>(
  actor: Actor,
  attempt: R | null,
): asserts attempt is R {
  if (!mayReadRecording(actor, attempt)) throw NotFound(M.attemptNotFound);
}

export const mayDownloadVideo = (actor: Actor) => holds(actor, 'download_video', 'view');
