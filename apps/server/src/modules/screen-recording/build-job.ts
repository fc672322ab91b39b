import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { SCREEN_RECORDING_MESSAGES as M } from '@sim/shared';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { JobHandler } from '../../jobs/types';
import { AppError } from '../../lib/errors';
import { makeBuildFolder, removeOrphanBuildFolders } from './build-temp';
import { ComposeError, composeScreenVideo } from './compose';
import { partsPrefix, videoKey } from './keys';
import { videoSeconds } from './length';
import { heldSeconds, UnreadableMediaError } from './probe';
import * as repo from './repository';

const ZPayload = z.object({ attempt_id: z.string().uuid() });

/** Longest reason kept on a failed video. */
const ERROR_MAX = 500;

/** Streams a screen's parts, in order, from the blob store into one local webm (a part at a time). */
async function joinParts(deps: AppDeps, attemptId: string, fileName: string, out: string, signal: AbortSignal) {
  const parts = await repo.partsOf(deps.db, attemptId, fileName);
  const file = createWriteStream(out, { flags: 'wx' });
  const failed = new Promise<never>((_, reject) => file.once('error', reject));
  failed.catch(() => {});
  try {
    for (const [i, part] of parts.entries()) {
      if (part.chunkNumber !== i) throw new ComposeError(M.partMissingAtBuild(i, fileName));
      signal.throwIfAborted();
      const blob = await deps.blobs.getStream(part.blobKey);
      if (!blob) throw new ComposeError(M.partMissingAtBuild(i, fileName));
      for await (const chunk of blob.stream) {
        if (!file.write(chunk)) await Promise.race([once(file, 'drain'), failed]);
      }
    }
  } finally {
    await Promise.race([new Promise<void>((resolve) => file.end(resolve)), failed]);
  }
}

/** What each joined screen holds (its packets' span), seconds; a screen unreadable or empty fails the build. */
async function heldBySources(sources: string[], signal: AbortSignal): Promise<number[]> {
  const held: number[] = [];
  for (const [i, source] of sources.entries()) {
    const seconds = await heldSeconds(source, signal).catch((err: unknown) => {
      if (err instanceof UnreadableMediaError) throw new ComposeError(M.unreadableScreen(i + 1, err.reason));
      throw err;
    });
    if (!(seconds > 0)) throw new ComposeError(M.screenHoldsNothing(i + 1));
    held.push(seconds);
  }
  return held;
}

/** The start delay of each screen relative to the earliest, from the page's stamps (none: 0). */
export function offsetsOf(stamps: number[], sources: number): number[] {
  if (stamps.length !== sources) return new Array(sources).fill(0);
  const first = Math.min(...stamps);
  return stamps.map((s) => Math.max(0, s - first));
}

/**
 * The build of an attempt's MP4 (queued by build-screen-share-video; any instance may run it, the queue hands
 * it to one). Each screen's parts are streamed from the blob store into a temporary webm, measured (what its
 * packets hold: the video's length is the server's, length.ts, the page's duration only a hint that shortens
 * it), composed into one MP4 (compose.ts), the MP4 stored in the blob store, the video saved with its figures,
 * then the raw parts of every screen of the attempt deleted. A failure marks the video failed with the reason (the parts are kept: the
 * learner may build again). The temporary folder is removed in every case (and a killed server's by a later
 * build, build-temp.ts). A re-run of the job that saved the video (its server died before the parts were
 * removed) removes them; a run finding the video otherwise no longer processing does nothing. A server killed
 * mid-build takes its ffmpeg with it (lib/process.ts); the job, taken over, starts again from the stored parts.
 */
export const buildVideoJob: JobHandler<AppDeps> = async ({ job, deps, log, signal, progress }) => {
  const { attempt_id: attemptId } = ZPayload.parse(job.payload);
  const video = await repo.findVideo(deps.db, job.companyId, attemptId);
  // saved by this job, which then stopped (a crash) before it removed the raw parts: remove them now
  if (video?.status === 'saved' && video.jobId === job.id) {
    await removeParts(deps, job.companyId, attemptId);
    return { outcome: 'saved', attempt_id: attemptId };
  }
  if (video?.status !== 'processing' || video.jobId !== job.id) return { outcome: 'dropped' };
  await removeOrphanBuildFolders().catch((err) => log.warn({ err }, 'old build folders not removed'));
  const dir = await makeBuildFolder();
  try {
    const sources: string[] = [];
    for (const [i, fileName] of video.sources.entries()) {
      const out = path.join(dir, `screen-${i + 1}.webm`);
      await joinParts(deps, attemptId, fileName, out, signal);
      sources.push(out);
      await progress({ done: i + 1 });
    }
    const offsetsMs = offsetsOf(video.stamps, sources.length);
    const held = await heldBySources(sources, signal);
    const durationSeconds = videoSeconds({
      requestedSeconds: video.requestedSeconds,
      offsetsSeconds: offsetsMs.map((ms) => ms / 1000),
      heldSeconds: held,
      attemptAgeSeconds: await repo.attemptAgeAtBuild(deps.db, job.companyId, attemptId),
    });
    if (durationSeconds < video.requestedSeconds)
      log.info({ jobId: job.id, attemptId, requested: video.requestedSeconds, held, durationSeconds }, 'video cut');
    const output = path.join(dir, 'video.mp4');
    const built = await composeScreenVideo({ sources, offsetsMs, durationSeconds, outputPath: output, signal });
    const builtAt = deps.now();
    const key = videoKey(job.companyId, attemptId, builtAt);
    await deps.blobs.putFile(key, output, 'video/mp4');
    const kept = await repo.finishVideo(deps.db, attemptId, job.id, {
      status: 'saved',
      blobKey: key,
      size: built.sizeBytes,
      width: built.width,
      height: built.height,
      durationSeconds: built.durationSeconds,
      builtAt,
    });
    if (!kept) {
      await deps.blobs.delete(key);
      return { outcome: 'dropped' };
    }
    await removeParts(deps, job.companyId, attemptId);
    log.info({ jobId: job.id, attemptId, ...built }, 'screen recording built');
    return { outcome: 'saved', attempt_id: attemptId, size: built.sizeBytes, duration: built.durationSeconds };
  } catch (err) {
    if (signal.aborted) throw err; // the worker stops: the job is queued again, the video still processing
    const reason = err instanceof ComposeError || err instanceof AppError ? err.message : M.buildFailed;
    await repo.finishVideo(deps.db, attemptId, job.id, { status: 'failed', error: reason.slice(0, ERROR_MAX) });
    log.error({ err, jobId: job.id, attemptId }, 'the screen recording could not be built');
    throw new AppError('UNAVAILABLE', reason.slice(0, ERROR_MAX));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
};

/**
 * The raw parts of a built video, of every screen of the attempt (issue 32: a screen the build did not name
 * is of no use once the video is saved, and no part can be added any more): their files, then their rows.
 * A crash between the two, or before, is finished by a re-run of the job or by sweepScreenLeftovers
 * (retention.ts), which find the rows still there. Answers the screens removed.
 */
export async function removeParts(deps: AppDeps, companyId: string, attemptId: string): Promise<number> {
  await deps.blobs.deletePrefix(partsPrefix(companyId, attemptId));
  return repo.deleteFiles(deps.db, attemptId);
}
