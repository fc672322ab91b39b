import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  attempts,
  companies,
  jobs,
  screenRecordingFiles,
  screenRecordingParts,
  screenRecordingVideos,
  simLevels,
} from '../../db/schema/index';

/** The tables of screen recordings (db/schema/screen-recordings.ts); every read is scoped to a company. */

export type VideoRow = typeof screenRecordingVideos.$inferSelect;

/** What the rules compare of an attempt, with its level's screenRecording flag. */
const ATTEMPT_FIELDS = {
  id: attempts.id,
  companyId: attempts.companyId,
  userId: attempts.userId,
  status: attempts.status,
  simLevelId: attempts.simLevelId,
  screenRecording: simLevels.screenRecording,
};

/** The attempt as the rules compare it; null outside the company. */
export async function findAttempt(db: DbOrTx, companyId: string, attemptId: string) {
  const [row] = await db
    .select(ATTEMPT_FIELDS)
    .from(attempts)
    .innerJoin(simLevels, eq(simLevels.id, attempts.simLevelId))
    .where(and(eq(attempts.id, attemptId), eq(attempts.companyId, companyId)));
  return row ?? null;
}
export type RecordedAttempt = NonNullable<Awaited<ReturnType<typeof findAttempt>>>;

/** Holds the attempt's row for the transaction (a build; a part holds it FOR SHARE in recordPart). */
export async function lockAttempt(tx: DbOrTx, attemptId: string) {
  await tx.execute(sql`select 1 from ${attempts} where ${attempts.id} = ${attemptId} for update`);
}

/**
 * The attempt's video. A video still processing whose job has failed (its runs stalled: the instances running
 * it died, see jobs/worker.ts) is answered failed, with the job's reason, so it can be built again.
 */
export async function findVideo(db: DbOrTx, companyId: string, attemptId: string): Promise<VideoRow | null> {
  const [row] = await db
    .select({ video: screenRecordingVideos, jobStatus: jobs.status, jobError: jobs.error })
    .from(screenRecordingVideos)
    .leftJoin(jobs, eq(jobs.id, screenRecordingVideos.jobId))
    .where(and(eq(screenRecordingVideos.attemptId, attemptId), eq(screenRecordingVideos.companyId, companyId)));
  if (!row) return null;
  if (row.video.status === 'processing' && row.jobStatus === 'failed')
    return { ...row.video, status: 'failed', error: row.video.error ?? row.jobError };
  return row.video;
}

export interface NewPart {
  companyId: string;
  attemptId: string;
  fileName: string;
  chunkNumber: number;
  totalChunks: number;
  fileType: string;
  originalName: string | null;
  size: number;
  blobKey: string;
}

/** A video that holds the attempt's parts: built or being built (a failed build, or a stalled one, does not). */
const videoHoldsParts = (attemptId: string | SQL) => sql`exists (
  select 1 from ${screenRecordingVideos} v left join ${jobs} j on j.id = v.job_id
  where v.attempt_id = ${attemptId}
    and v.status <> 'failed' and not (v.status = 'processing' and j.status is not distinct from 'failed'))`;

/** Prepared statements of one database (pool or connection), made on first use. */
function preparedOf<T>(cache: WeakMap<DbOrTx, T>, db: DbOrTx, make: (db: DbOrTx) => T): T {
  let statement = cache.get(db);
  if (!statement) {
    statement = make(db);
    cache.set(db, statement);
  }
  return statement;
}

/**
 * What an upload of a part needs to know, in one round trip of a named prepared statement (parsed and
 * planned once per connection; a part is the busiest call there is): the attempt (none outside the
 * company), whether a video holds its parts, whether this part's row is there already, and for the quotas
 * (issue 32) the attempt's screens, whether this screen is one of them, and the parts they hold.
 */
const partContextStatements = new WeakMap<DbOrTx, ReturnType<typeof preparePartContext>>();
function preparePartContext(db: DbOrTx) {
  const attemptId = sql.placeholder('attemptId');
  return db
    .select({
      ...ATTEMPT_FIELDS,
      closed: sql<boolean>`${videoHoldsParts(sql`${attemptId}::uuid`)}`,
      stored: sql<boolean>`exists (select 1 from ${screenRecordingParts} p
        where p.attempt_id = ${attemptId}::uuid and p.file_name = ${sql.placeholder('fileName')}
          and p.chunk_number = ${sql.placeholder('chunkNumber')}::int)`,
      screens: sql<number>`(select count(*)::int from ${screenRecordingFiles} f where f.attempt_id = ${attemptId}::uuid)`,
      screenKnown: sql<boolean>`exists (select 1 from ${screenRecordingFiles} f
        where f.attempt_id = ${attemptId}::uuid and f.file_name = ${sql.placeholder('fileName')})`,
      parts: sql<number>`(select coalesce(sum(f.received), 0)::int from ${screenRecordingFiles} f
        where f.attempt_id = ${attemptId}::uuid)`,
    })
    .from(attempts)
    .innerJoin(simLevels, eq(simLevels.id, attempts.simLevelId))
    .where(
      and(eq(attempts.id, sql`${attemptId}::uuid`), eq(attempts.companyId, sql`${sql.placeholder('companyId')}::uuid`)),
    )
    .prepare('screen_recording_part_context');
}

export async function partContext(
  db: DbOrTx,
  companyId: string,
  attemptId: string,
  fileName: string,
  chunkNumber: number,
): Promise<PartContext> {
  const statement = preparedOf(partContextStatements, db, preparePartContext);
  const [row] = await statement.execute({ attemptId, companyId, fileName, chunkNumber });
  if (!row) return { attempt: null, closed: false, stored: false, screens: 0, screenKnown: false, parts: 0 };
  const { closed, stored, screens, screenKnown, parts, ...attempt } = row;
  return { attempt, closed, stored, screens: Number(screens), screenKnown, parts: Number(parts) };
}

export interface PartContext {
  attempt: RecordedAttempt | null;
  closed: boolean;
  stored: boolean;
  /** the attempt's screens (screen_recording_files rows) */
  screens: number;
  /** this part's screen is one of them */
  screenKnown: boolean;
  /** the distinct parts the attempt's screens hold */
  parts: number;
}

/**
 * A new screen of an attempt, counted against `maxScreens` (issue 32): under a transaction-scoped advisory
 * lock of the attempt, so of screens started at once only those within the quota get their row (written
 * here, with no part yet; the part's own statement then brings it up to date). Answers 'full' when the
 * attempt has its quota of other screens, 'new' when this call wrote the row, 'known' when it was there.
 */
export async function reserveScreen(
  db: DbOrTx,
  screen: {
    attemptId: string;
    companyId: string;
    fileName: string;
    totalChunks: number;
    fileType: string;
    originalName: string | null;
  },
  maxScreens: number,
): Promise<'full' | 'new' | 'known'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`screen-recording-screens:${screen.attemptId}`}))`);
    const rows = await tx
      .select({ fileName: screenRecordingFiles.fileName })
      .from(screenRecordingFiles)
      .where(eq(screenRecordingFiles.attemptId, screen.attemptId));
    if (rows.some((r) => r.fileName === screen.fileName)) return 'known';
    if (rows.length >= maxScreens) return 'full';
    const written = await tx
      .insert(screenRecordingFiles)
      .values({ ...screen, received: 0 })
      .onConflictDoNothing()
      .returning({ fileName: screenRecordingFiles.fileName });
    return written.length ? 'new' : 'known';
  });
}

/**
 * Records a stored part in one round trip: screen_recording_record_part (migration 0017) holds the
 * attempt's row FOR SHARE (so a build, which takes it FOR UPDATE, waits for the part), then writes the part's
 * row (once) and the screen's row (total_chunks kept at the largest told, `received` counting the distinct
 * parts), unless a video holds the attempt's parts by now (then null). `received` is added to under the
 * screen row's lock, so parts of one screen stored at once each count once and the answer holds every part
 * committed before it. Outside a transaction, the lock lasts until the answer; inside one, to its end.
 */
const recordPartStatements = new WeakMap<DbOrTx, ReturnType<typeof prepareRecordPart>>();
function prepareRecordPart(db: DbOrTx) {
  const arg = (name: keyof NewPart, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
  return db
    .select({
      open: sql<boolean>`is_open`,
      newFile: sql<boolean | null>`is_new_file`,
      received: sql<number | null>`received_parts`,
    })
    .from(
      sql`screen_recording_record_part(${arg('attemptId', 'uuid')}, ${arg('companyId', 'uuid')},
        ${arg('fileName', 'text')}, ${arg('chunkNumber', 'int')}, ${arg('totalChunks', 'int')},
        ${arg('fileType', 'text')}, ${arg('originalName', 'text')}, ${arg('size', 'int')}, ${arg('blobKey', 'text')})`,
    )
    .prepare('screen_recording_record_part');
}

export async function recordPart(db: DbOrTx, part: NewPart): Promise<{ received: number; newFile: boolean } | null> {
  const statement = preparedOf(recordPartStatements, db, prepareRecordPart);
  const [row] = await statement.execute({ ...part });
  if (!row?.open) return null;
  return { received: Number(row.received), newFile: Boolean(row.newFile) };
}

/** Per screen named: its told total and the first part below it that is missing (null: none missing). */
export async function sourceGaps(db: DbOrTx, attemptId: string, fileNames: string[]) {
  const rows = await db
    .select({
      fileName: screenRecordingFiles.fileName,
      totalChunks: screenRecordingFiles.totalChunks,
      // the outer columns written out: drizzle leaves a one-table select's columns unqualified
      firstMissing: sql<number | null>`(
        select min(n)::int from generate_series(0, ${screenRecordingFiles.totalChunks} - 1) as n
        where not exists (
          select 1 from ${screenRecordingParts} p
          where p.attempt_id = screen_recording_files.attempt_id and p.file_name = screen_recording_files.file_name
            and p.chunk_number = n
        )
      )`,
    })
    .from(screenRecordingFiles)
    .where(and(eq(screenRecordingFiles.attemptId, attemptId), inArray(screenRecordingFiles.fileName, fileNames)));
  return new Map(rows.map((r) => [r.fileName, r]));
}

/** The parts of a screen in order (the build streams them). */
export function partsOf(db: DbOrTx, attemptId: string, fileName: string) {
  return db
    .select({ chunkNumber: screenRecordingParts.chunkNumber, blobKey: screenRecordingParts.blobKey })
    .from(screenRecordingParts)
    .where(and(eq(screenRecordingParts.attemptId, attemptId), eq(screenRecordingParts.fileName, fileName)))
    .orderBy(screenRecordingParts.chunkNumber);
}

/** Starts (or restarts, after a failure) the attempt's build: the video row, processing. */
export async function startVideo(
  tx: DbOrTx,
  v: {
    attemptId: string;
    companyId: string;
    userId: string;
    sources: string[];
    stamps: number[];
    requestedSeconds: number;
    jobId: string;
  },
) {
  const values = { ...v, status: 'processing' as const, error: null, createdAt: sql`now()` };
  await tx
    .insert(screenRecordingVideos)
    .values(values)
    .onConflictDoUpdate({ target: screenRecordingVideos.attemptId, set: values });
}

/**
 * Seconds from the attempt's start to the request of its video's build, both on the database's clock: no
 * recording of the attempt can be longer (null when the attempt has no video row).
 */
export async function attemptAgeAtBuild(db: DbOrTx, companyId: string, attemptId: string): Promise<number | null> {
  const [row] = await db
    .select({
      seconds: sql<number>`extract(epoch from (${screenRecordingVideos.createdAt} - ${attempts.startedAt}))::float8`,
    })
    .from(screenRecordingVideos)
    .innerJoin(attempts, eq(attempts.id, screenRecordingVideos.attemptId))
    .where(and(eq(screenRecordingVideos.attemptId, attemptId), eq(screenRecordingVideos.companyId, companyId)));
  return row ? Number(row.seconds) : null;
}

/** Writes the build's outcome while the video is still processing by this job (a late or stale run changes nothing). */
export async function finishVideo(
  db: DbOrTx,
  attemptId: string,
  jobId: string,
  set: Partial<
    Pick<VideoRow, 'status' | 'error' | 'blobKey' | 'size' | 'width' | 'height' | 'durationSeconds' | 'builtAt'>
  >,
): Promise<boolean> {
  const rows = await db
    .update(screenRecordingVideos)
    .set(set)
    .where(
      and(
        eq(screenRecordingVideos.attemptId, attemptId),
        eq(screenRecordingVideos.jobId, jobId),
        eq(screenRecordingVideos.status, 'processing'),
      ),
    )
    .returning({ id: screenRecordingVideos.attemptId });
  return rows.length > 0;
}

export async function markVideo(
  db: DbOrTx,
  companyId: string,
  attemptId: string,
  bestPractice: boolean,
): Promise<VideoRow | null> {
  const [row] = await db
    .update(screenRecordingVideos)
    .set({
      savedOn: sql`coalesce(${screenRecordingVideos.savedOn}, now())`,
      markedBestPracticeOn: bestPractice ? sql`coalesce(${screenRecordingVideos.markedBestPracticeOn}, now())` : null,
    })
    .where(
      and(
        eq(screenRecordingVideos.attemptId, attemptId),
        eq(screenRecordingVideos.companyId, companyId),
        eq(screenRecordingVideos.status, 'saved'),
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * Attempts whose video is saved but which still hold screens' rows (issue 32): a build's server died before
 * it removed them, or they were left before every screen was removed on save (screens not in the build's
 * sources). Of one company, or of all; at most `limit`.
 */
export async function attemptsWithLeftoverScreens(db: DbOrTx, companyId: string | null, limit: number) {
  const rows = await db
    .selectDistinct({ companyId: screenRecordingFiles.companyId, attemptId: screenRecordingFiles.attemptId })
    .from(screenRecordingFiles)
    .innerJoin(screenRecordingVideos, eq(screenRecordingVideos.attemptId, screenRecordingFiles.attemptId))
    .where(
      and(
        eq(screenRecordingVideos.status, 'saved'),
        companyId ? eq(screenRecordingFiles.companyId, companyId) : undefined,
      ),
    )
    .limit(limit);
  return rows;
}

/**
 * Drops the rows of screens and their parts (every screen of the attempt when none is named; the blobs are
 * deleted by the caller); answers the screens dropped.
 */
export async function deleteFiles(db: DbOrTx, attemptId: string, fileNames?: string[]): Promise<number> {
  const rows = await db
    .delete(screenRecordingFiles)
    .where(
      and(
        eq(screenRecordingFiles.attemptId, attemptId),
        fileNames ? inArray(screenRecordingFiles.fileName, fileNames) : undefined,
      ),
    )
    .returning({ fileName: screenRecordingFiles.fileName });
  return rows.length;
}

export async function retentionOf(db: DbOrTx, companyId: string): Promise<number | null> {
  const [row] = await db
    .select({ days: companies.screenRecordingRetentionDays })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.days ?? null;
}

export async function setRetention(db: DbOrTx, companyId: string, days: number | null) {
  await db
    .update(companies)
    .set({ screenRecordingRetentionDays: days, updatedAt: sql`now()` })
    .where(eq(companies.id, companyId));
}
