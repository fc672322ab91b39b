import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { jobs, screenRecordingFiles, screenRecordingParts, screenRecordingVideos } from '../src/db/schema/index';
import type { JobLogger } from '../src/jobs/types';
import { partKey } from '../src/modules/screen-recording/keys';
import { ensureRetentionRun, RETENTION_JOB_KIND, retentionJob } from '../src/modules/screen-recording/retention';
import { staffedCompany, testApp } from './factories';
import { RETENTION_URL, recordedAttempt } from './screen-recording-fixtures';

/**
 * The daily retention job of screen recordings (issue 16), run by its handler with a clock: videos older than
 * the company's retention are deleted except those marked best practice, raw parts of screens never built
 * older than 2 days too; the job says what it freed and queues its next run once.
 */
describe('screen recording retention', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx);
  const b = staffedCompany(ctx);
  const DAY = 24 * 3600 * 1000;
  const now = new Date('2026-11-20T03:00:00Z');
  const logged: object[] = [];
  const log: JobLogger = { info: (o) => logged.push(o), warn: () => {}, error: () => {} };

  async function video(company: typeof a, ageDays: number, opts: { bestPractice?: boolean; bytes?: number } = {}) {
    const { attempt } = await recordedAttempt(ctx, company);
    const key = `screen-recordings/${company.company.companyId}/${attempt.id}/video-1.mp4`;
    const bytes = opts.bytes ?? 1000;
    await ctx.deps.blobs.put(key, Buffer.alloc(bytes, 1), 'video/mp4');
    const created = new Date(now.getTime() - ageDays * DAY);
    await ctx.db.insert(screenRecordingVideos).values({
      attemptId: attempt.id,
      companyId: company.company.companyId,
      userId: company.users.agent.id,
      status: 'saved',
      sources: ['screen-1.webm'],
      requestedSeconds: 3,
      blobKey: key,
      size: bytes,
      createdAt: created,
      markedBestPracticeOn: opts.bestPractice ? created : null,
    });
    return { attemptId: attempt.id, key };
  }

  async function rawParts(company: typeof a, ageDays: number, sizes: number[]) {
    const { attempt } = await recordedAttempt(ctx, company);
    const companyId = company.company.companyId;
    const at = new Date(now.getTime() - ageDays * DAY);
    await ctx.db.insert(screenRecordingFiles).values({
      attemptId: attempt.id,
      fileName: 'screen-1.webm',
      companyId,
      totalChunks: sizes.length,
      fileType: 'video/webm',
      createdAt: at,
      updatedAt: at,
    });
    const keys = [];
    for (const [i, size] of sizes.entries()) {
      const key = partKey(companyId, attempt.id, 'screen-1.webm', i);
      await ctx.deps.blobs.put(key, Buffer.alloc(size, 2), 'video/webm');
      await ctx.db
        .insert(screenRecordingParts)
        .values({ attemptId: attempt.id, fileName: 'screen-1.webm', chunkNumber: i, size, blobKey: key });
      keys.push(key);
    }
    return { attemptId: attempt.id, keys };
  }

  const queuedRuns = (companyId: string) =>
    ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.companyId, companyId), eq(jobs.kind, RETENTION_JOB_KIND), eq(jobs.status, 'queued')));

  it('deletes old videos except best practice, and stale raw parts; reports what it freed', async () => {
    expect((await a.as.admin.post(RETENTION_URL, { retention_days: 30 })).statusCode).toBe(200);
    const old = await video(a, 40, { bytes: 5000 });
    const kept = await video(a, 40, { bestPractice: true });
    const recent = await video(a, 10);
    const stale = await rawParts(a, 3, [700, 300]);
    const fresh = await rawParts(a, 1, [100]);
    const otherOld = await video(b, 400); // company b keeps its recordings (no retention)
    const otherStale = await rawParts(b, 5, [50]);

    // the POST queued the company's next run (once, however often asked)
    await Promise.all([
      ensureRetentionRun(ctx.deps, a.company.companyId),
      ensureRetentionRun(ctx.deps, a.company.companyId),
    ]);
    const [run] = await queuedRuns(a.company.companyId);
    expect(await queuedRuns(a.company.companyId)).toHaveLength(1);
    await ctx.db.update(jobs).set({ status: 'running', attempts: 1 }).where(eq(jobs.id, run.id));

    const result = await retentionJob({
      job: { ...run, status: 'running', attempts: 1 },
      deps: { ...ctx.deps, now: () => now },
      signal: new AbortController().signal,
      progress: async () => {},
      log,
    });
    expect(result).toEqual({ videos: 1, raw_screens: 1, files: 3, bytes: 5000 + 700 + 300 });
    expect(logged.at(-1)).toMatchObject({ companyId: a.company.companyId, videos: 1, bytes: 6000 });

    const videoRows = async (attemptId: string) =>
      ctx.db.select().from(screenRecordingVideos).where(eq(screenRecordingVideos.attemptId, attemptId));
    expect(await videoRows(old.attemptId)).toEqual([]);
    expect(await ctx.deps.blobs.exists(old.key)).toBe(false);
    for (const v of [kept, recent, otherOld]) {
      expect(await videoRows(v.attemptId)).toHaveLength(1);
      expect(await ctx.deps.blobs.exists(v.key)).toBe(true);
    }
    const partRows = (attemptId: string) =>
      ctx.db.select().from(screenRecordingParts).where(eq(screenRecordingParts.attemptId, attemptId));
    expect(await partRows(stale.attemptId)).toEqual([]);
    for (const key of stale.keys) expect(await ctx.deps.blobs.exists(key)).toBe(false);
    for (const p of [fresh, otherStale]) {
      expect(await partRows(p.attemptId)).toHaveLength(p.keys.length);
      for (const key of p.keys) expect(await ctx.deps.blobs.exists(key)).toBe(true);
    }

    // the run queued its next one a day later (the running one is not counted)
    const next = await queuedRuns(a.company.companyId);
    expect(next).toHaveLength(1);
    expect(next[0].runAfter?.toISOString()).toBe(new Date(now.getTime() + DAY).toISOString());
  });

  it('keeps everything of a company without retention but its stale raw parts', async () => {
    const { companyId } = b.company;
    const before = await queuedRuns(companyId);
    const result = await retentionJob({
      job: { ...(before[0] ?? { id: '00000000-0000-4000-8000-000000000000' }), companyId } as never,
      deps: { ...ctx.deps, now: () => now },
      signal: new AbortController().signal,
      progress: async () => {},
      log,
    });
    expect(result).toEqual({ videos: 0, raw_screens: 1, files: 1, bytes: 50 });
    expect(await queuedRuns(companyId)).toHaveLength(1);
  });
});
