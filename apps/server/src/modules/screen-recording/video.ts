import {
  SCREEN_RECORDING_MESSAGES as M,
  SCREEN_RECORDING_TEXTS as T,
  type TGetVideoResponse,
  type TSaveScreenShareRequest,
  type TSaveScreenShareResponse,
  type TVideoInfo,
} from '@sim/shared';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { Invalid, NotFound } from '../../lib/errors';
import { filePath, signedDownloadUrl, signedFileUrl } from '../../lib/signed-files';
import { assertCanReadVideo, mayDownloadVideo } from '../../policies/screen-recording';
import * as repo from './repository';

/** How long a video URL answered stays valid (a reviewer may watch a long recording and seek in it). */
export const VIDEO_URL_TTL_SECONDS = 4 * 3600;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function videoInfo(v: repo.VideoRow): TVideoInfo {
  return {
    duration: v.durationSeconds ?? 0,
    width: v.width ?? 0,
    height: v.height ?? 0,
    size: v.size ?? 0,
    screens: v.sources.length,
    created_on: v.createdAt.toISOString(),
    saved_on: iso(v.savedOn),
    marked_best_practice_on: iso(v.markedBestPracticeOn),
  };
}

/** A signed URL of a saved video (null before it is saved). */
export function videoUrl(deps: AppDeps, v: Pick<repo.VideoRow, 'status' | 'blobKey'> | null): string | null {
  if (v?.status !== 'saved' || !v.blobKey) return null;
  return signedFileUrl(deps, v.blobKey, VIDEO_URL_TTL_SECONDS).url;
}

/** get-video: the status of the attempt's video, and once saved its signed URL and details. */
export async function getVideo(
  deps: AppDeps,
  actor: Actor,
  attemptId: string,
): Promise<Omit<TGetVideoResponse, 'success'>> {
  const attempt = await repo.findAttempt(deps.db, actor.companyId, attemptId);
  assertCanReadVideo(actor, attempt);
  const video = await repo.findVideo(deps.db, actor.companyId, attempt.id);
  const url = videoUrl(deps, video);
  return {
    video_status: video?.status ?? null,
    video_url: url,
    video_info: video?.status === 'saved' ? videoInfo(video) : null,
    download_url:
      url && video?.blobKey && mayDownloadVideo(actor)
        ? signedDownloadUrl(deps, video.blobKey, VIDEO_URL_TTL_SECONDS)
        : null,
    error: video?.status === 'failed' ? (video.error ?? M.buildFailed) : null,
  };
}

/** Whether `url` names this video: its signed URL (any signature, relative or absolute) or its stored key. */
function namesVideo(url: string, key: string): boolean {
  if (url === key) return true;
  try {
    return new URL(url, 'http://localhost').pathname === filePath(key);
  } catch {
    return false;
  }
}

/** save-screen-share-video: saves the video (first save dated) and marks or unmarks it best practice. */
export async function saveVideo(
  deps: AppDeps,
  actor: Actor,
  attemptId: string,
  body: TSaveScreenShareRequest,
): Promise<Omit<TSaveScreenShareResponse, 'success'>> {
  const attempt = await repo.findAttempt(deps.db, actor.companyId, attemptId);
  assertCanReadVideo(actor, attempt);
  const video = await repo.findVideo(deps.db, actor.companyId, attempt.id);
  if (video?.status !== 'saved' || !video.blobKey) throw NotFound(M.noVideo);
  if (!namesVideo(body.url, video.blobKey)) throw Invalid(M.otherVideo, 'url');
  const marked = await repo.markVideo(deps.db, actor.companyId, attempt.id, body.bestPractice);
  if (!marked) throw NotFound(M.noVideo);
  const message = body.bestPractice
    ? T.markedBestPractice
    : video.markedBestPracticeOn
      ? T.unmarkedBestPractice
      : T.saved;
  return {
    message,
    video_details: { saved_on: iso(marked.savedOn), marked_best_practice_on: iso(marked.markedBestPracticeOn) },
  };
}
