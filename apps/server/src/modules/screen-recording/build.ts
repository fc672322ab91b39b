import {
  SCREEN_RECORDING_MESSAGES as M,
  SCREEN_RECORDING_TEXTS,
  type TBuildScreenShareRequest,
  ZBuildScreenShareRequest,
} from '@sim/shared';
import type { AppDeps } from '../../deps';
import { insertJob, wakeWorkers } from '../../jobs/queue';
import type { Actor } from '../../lib/actor';
import { Conflict, Invalid, RuleBroken } from '../../lib/errors';
import { assertOwnRecordedAttempt } from '../../policies/screen-recording';
import * as repo from './repository';
import { ensureRetentionRun } from './retention';

/** The job that builds an attempt's MP4 (build-job.ts). */
export const BUILD_JOB_KIND = 'screen-recording-build';

/**
 * build-screen-share-video: the attempt's learner asks for the MP4 of the screens named. Every screen must
 * hold its parts 0..N-1 (N: the largest totalChunks told), else 422 naming the first missing part. The video
 * row (processing) and the build job are written in one transaction holding the attempt's row, so a part
 * arriving meanwhile is refused (409) and two builds never start. A failed build may be asked again.
 */
export async function requestBuild(deps: AppDeps, actor: Actor, attemptId: string, input: TBuildScreenShareRequest) {
  const body = ZBuildScreenShareRequest.parse(input);
  if (new Set(body.sources).size !== body.sources.length) throw Invalid(M.duplicateSources, 'sources');
  if (body.stamps.length > 0 && body.stamps.length !== body.sources.length) throw Invalid(M.stampsMismatch, 'stamps');
  if (!(body.duration > 0)) throw Invalid(M.noDuration, 'duration');
  const attempt = await repo.findAttempt(deps.db, actor.companyId, attemptId);
  assertOwnRecordedAttempt(actor, attempt);
  await deps.db.transaction(async (tx) => {
    await repo.lockAttempt(tx, attempt.id);
    const video = await repo.findVideo(tx, actor.companyId, attempt.id);
    if (video && video.status !== 'failed') throw Conflict(M.videoExists);
    const gaps = await repo.sourceGaps(tx, attempt.id, body.sources);
    for (const source of body.sources) {
      const gap = gaps.get(source);
      if (!gap) throw RuleBroken(M.nothingUploaded(source));
      if (gap.firstMissing !== null) throw RuleBroken(M.partMissingAtBuild(gap.firstMissing, source));
    }
    const job = await insertJob(tx, {
      companyId: actor.companyId,
      kind: BUILD_JOB_KIND,
      payload: { attempt_id: attempt.id },
      createdBy: actor.userId,
      total: body.sources.length,
    });
    await repo.startVideo(tx, {
      attemptId: attempt.id,
      companyId: actor.companyId,
      userId: actor.userId,
      sources: body.sources,
      stamps: body.stamps,
      requestedSeconds: body.duration,
      jobId: job.id,
    });
  });
  wakeWorkers();
  await ensureRetentionRun(deps, actor.companyId);
  return {
    success: true as const,
    message: SCREEN_RECORDING_TEXTS.processing,
    video_status: 'processing' as const,
  };
}
