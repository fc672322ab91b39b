import { SCREEN_RECORDING_TEXTS as T } from '@sim/shared';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import {
  companies,
  jobs,
  screenRecordingFiles,
  screenRecordingParts,
  screenRecordingVideos,
} from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import type { JobHandler } from '../../jobs/types';
import type { Actor } from '../../lib/actor';
import { removeParts } from './build-job';
import { filePartsPrefix } from './keys';
import * as repo from './repository';

/**
 * The retention of screen recordings (not in the spec; issue 16): a company may keep its recordings a number
 * of days (null: kept). A daily job per company deletes its videos older than that, except those marked best
 * practice, the raw parts of screens never built (or whose build failed) untouched for RAW_PARTS_DAYS, and
 * the raw parts still held by attempts whose video is saved (issue 32), and keeps in its result how many
 * files and bytes it freed. There is no scheduler: each run queues the company's next one (a day later),
 * and start-up, a first part and a build queue one when none is queued; under an advisory lock, so two
 * instances never queue two.
 */
export const RETENTION_JOB_KIND = 'screen-recording-retention';
export const RAW_PARTS_DAYS = 2;
const DAY_MS = 24 * 3600 * 1000;

export async function readRetention(deps: AppDeps, actor: Actor) {
  return { retention_days: await repo.retentionOf(deps.db, actor.companyId) };
}

export async function writeRetention(deps: AppDeps, actor: Actor, days: number | null) {
  await repo.setRetention(deps.db, actor.companyId, days);
  await ensureRetentionRun(deps, actor.companyId);
  return { data: { retention_days: days }, message: T.retentionSaved };
}

/**
 * Queues the company's next retention run (at `runAfter`, default now + 1 day) unless one is queued. The
 * check and the insert run under a transaction-scoped advisory lock of the company's kind: of two instances
 * (or requests) doing it at once, the second sees the first's job.
 */
export async function ensureRetentionRun(deps: AppDeps, companyId: string, runAfter?: Date): Promise<boolean> {
  const when = runAfter ?? new Date(deps.now().getTime() + DAY_MS);
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${RETENTION_JOB_KIND}:${companyId}`}))`);
    const [queued] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.companyId, companyId), eq(jobs.kind, RETENTION_JOB_KIND), eq(jobs.status, 'queued')))
      .limit(1);
    if (queued) return false;
    await tx.insert(jobs).values({ companyId, kind: RETENTION_JOB_KIND, payload: {}, runAfter: when });
    return true;
  });
}

/** On start-up: a queued run for every company holding screen recordings or a retention setting. */
export async function ensureRetentionRuns(deps: AppDeps): Promise<number> {
  const rows = await deps.db.execute<{ id: string }>(sql`
    select c.id from ${companies} c
    where c.screen_recording_retention_days is not null
       or exists (select 1 from ${screenRecordingVideos} v where v.company_id = c.id)
       or exists (select 1 from ${screenRecordingFiles} f where f.company_id = c.id)`);
  let queued = 0;
  for (const row of rows.rows) {
    if (await ensureRetentionRun(deps, row.id)) queued += 1;
  }
  return queued;
}

/** Deletes what the company's retention allows at `now`; answers what was freed. */
export async function sweepCompany(deps: AppDeps, companyId: string, now: Date) {
  const db = deps.db;
  const freed = { videos: 0, raw_screens: 0, files: 0, bytes: 0 };
  const days = await repo.retentionOf(db, companyId);
  if (days !== null) {
    const old = await db
      .select({
        attemptId: screenRecordingVideos.attemptId,
        blobKey: screenRecordingVideos.blobKey,
        size: screenRecordingVideos.size,
      })
      .from(screenRecordingVideos)
      .where(
        and(
          eq(screenRecordingVideos.companyId, companyId),
          lt(screenRecordingVideos.createdAt, new Date(now.getTime() - days * DAY_MS)),
          isNull(screenRecordingVideos.markedBestPracticeOn),
          inArray(screenRecordingVideos.status, ['saved', 'failed']),
        ),
      );
    for (const v of old) {
      const deleted = await db
        .delete(screenRecordingVideos)
        .where(
          and(eq(screenRecordingVideos.attemptId, v.attemptId), isNull(screenRecordingVideos.markedBestPracticeOn)),
        )
        .returning({ id: screenRecordingVideos.attemptId });
      if (!deleted.length) continue; // marked best practice meanwhile
      if (v.blobKey) {
        const stat = await deps.blobs.stat(v.blobKey);
        await deps.blobs.delete(v.blobKey);
        if (stat) {
          freed.files += 1;
          freed.bytes += stat.size;
        }
      }
      freed.videos += 1;
    }
  }
  // raw parts of screens never built (or whose build failed), untouched for RAW_PARTS_DAYS
  const stale = await db
    .select({
      attemptId: screenRecordingFiles.attemptId,
      fileName: screenRecordingFiles.fileName,
      parts: sql<number>`(select count(*)::int from ${screenRecordingParts} p
        where p.attempt_id = screen_recording_files.attempt_id and p.file_name = screen_recording_files.file_name)`,
      bytes: sql<number>`(select coalesce(sum(p.size), 0)::bigint from ${screenRecordingParts} p
        where p.attempt_id = screen_recording_files.attempt_id and p.file_name = screen_recording_files.file_name)`,
    })
    .from(screenRecordingFiles)
    .leftJoin(screenRecordingVideos, eq(screenRecordingVideos.attemptId, screenRecordingFiles.attemptId))
    .where(
      and(
        eq(screenRecordingFiles.companyId, companyId),
        lt(screenRecordingFiles.updatedAt, new Date(now.getTime() - RAW_PARTS_DAYS * DAY_MS)),
        or(isNull(screenRecordingVideos.attemptId), eq(screenRecordingVideos.status, 'failed')),
      ),
    );
  for (const s of stale) {
    await repo.deleteFiles(db, s.attemptId, [s.fileName]);
    await deps.blobs.deletePrefix(filePartsPrefix(companyId, s.attemptId, s.fileName));
    freed.raw_screens += 1;
    freed.files += Number(s.parts);
    freed.bytes += Number(s.bytes);
  }
  // screens of attempts whose video is saved: of no use any more, whatever their age
  const leftovers = await sweepSavedLeftovers(deps, companyId);
  freed.raw_screens += leftovers.screens;
  freed.files += leftovers.files;
  freed.bytes += leftovers.bytes;
  return freed;
}

const LEFTOVER_BATCH = 100;

/**
 * Removes the screens' parts (files, then rows) still held by attempts whose video is saved (issue 32): those
 * a build's server left when it died between the save and their removal, and those left before every screen
 * was removed on save. Of one company, or of all (null). Answers what was freed.
 */
export async function sweepSavedLeftovers(deps: AppDeps, companyId: string | null) {
  const freed = { screens: 0, files: 0, bytes: 0 };
  for (;;) {
    const attempts = await repo.attemptsWithLeftoverScreens(deps.db, companyId, LEFTOVER_BATCH);
    for (const a of attempts) {
      const [held] = await deps.db
        .select({
          files: sql<number>`count(*)::int`,
          bytes: sql<number>`coalesce(sum(${screenRecordingParts.size}), 0)::bigint`,
        })
        .from(screenRecordingParts)
        .where(eq(screenRecordingParts.attemptId, a.attemptId));
      freed.screens += await removeParts(deps, a.companyId, a.attemptId);
      freed.files += Number(held?.files ?? 0);
      freed.bytes += Number(held?.bytes ?? 0);
    }
    if (attempts.length < LEFTOVER_BATCH) return freed;
  }
}

/**
 * The periodic sweep of screen-recording parts no video needs (issue 32), for the job plugin: every company's
 * saved attempts' leftover screens, or one company's. Answers the screens removed.
 */
export async function sweepScreenParts(deps: AppDeps, companyId: string | null = null): Promise<number> {
  return (await sweepSavedLeftovers(deps, companyId)).screens;
}

/** The daily run of a company: sweeps, logs and keeps what it freed, and queues the next run. */
export const retentionJob: JobHandler<AppDeps> = async ({ job, deps, log }) => {
  const now = deps.now();
  const freed = await sweepCompany(deps, job.companyId, now);
  log.info({ jobId: job.id, companyId: job.companyId, ...freed }, 'screen recordings past their retention deleted');
  await ensureRetentionRun(deps, job.companyId, new Date(now.getTime() + DAY_MS));
  return { ...freed };
};
