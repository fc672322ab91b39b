import { SCREEN_RECORDING_TEXTS } from '@sim/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { screenRecordingFiles, screenRecordingParts, screenRecordingVideos } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import * as repo from './repository';
import { videoUrl } from './video';

/**
 * What other views show of an attempt's screen recording: the User result (its links and status), the score
 * rows (their links) and the level cards (how many recordings an unfinished attempt holds).
 */

export interface RecordingLink {
  url: string;
  text: string;
  created_on: string | null;
  saved_on: string | null;
  marked_best_practice_on: string | null;
}

const linkOf = (deps: AppDeps, v: repo.VideoRow): RecordingLink | null => {
  const url = videoUrl(deps, v);
  if (!url) return null;
  return {
    url,
    text: SCREEN_RECORDING_TEXTS.askTitle,
    created_on: v.createdAt.toISOString(),
    saved_on: v.savedOn?.toISOString() ?? null,
    marked_best_practice_on: v.markedBestPracticeOn?.toISOString() ?? null,
  };
};

/** The User result's screen-recording fields of an attempt (the caller may read the result). */
export async function resultRecording(deps: AppDeps, companyId: string, attemptId: string) {
  const video = await repo.findVideo(deps.db, companyId, attemptId);
  const link = video ? linkOf(deps, video) : null;
  return {
    screen_recording_urls: link ? [link] : [],
    /** the screen video's signed URL, as get-video answers it (the result has no other video) */
    video_url: link?.url ?? null,
    video_status: video?.status ?? null,
    screen_share_video: { status: video?.status ?? null },
  };
}

/** The links of the saved videos of these attempts (one query), by attempt id. */
export async function recordingLinks(
  deps: AppDeps,
  companyId: string,
  attemptIds: string[],
): Promise<Map<string, RecordingLink[]>> {
  const out = new Map<string, RecordingLink[]>();
  if (!attemptIds.length) return out;
  const rows = await deps.db
    .select()
    .from(screenRecordingVideos)
    .where(
      and(
        eq(screenRecordingVideos.companyId, companyId),
        inArray(screenRecordingVideos.attemptId, attemptIds),
        eq(screenRecordingVideos.status, 'saved'),
      ),
    );
  for (const v of rows) {
    const link = linkOf(deps, v);
    if (link) out.set(v.attemptId, [link]);
  }
  return out;
}

/**
 * The screen recordings of each attempt: its screens holding stored parts, or 1 when its video is built or
 * building (the level card then offers only START OVER).
 */
export async function recordingCounts(db: DbOrTx, attemptIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!attemptIds.length) return out;
  const rows = await db.execute<{ attempt_id: string; n: number }>(sql`
    select a.id as attempt_id,
      greatest(
        (select count(*)::int from ${screenRecordingFiles} f where f.attempt_id = a.id
          and exists (select 1 from ${screenRecordingParts} p where p.attempt_id = f.attempt_id and p.file_name = f.file_name)),
        (select count(*)::int from ${screenRecordingVideos} v where v.attempt_id = a.id)
      ) as n
    from unnest(array[${sql.join(
      attemptIds.map((id) => sql`${id}`),
      sql`, `,
    )}]::uuid[]) as a(id)`);
  for (const r of rows.rows) out.set(r.attempt_id, Number(r.n));
  return out;
}
