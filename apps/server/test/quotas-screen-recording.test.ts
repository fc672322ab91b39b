import fs from 'node:fs/promises';
import path from 'node:path';
import { SCREEN_RECORDING_MESSAGES as M, SCREEN_RECORDING } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { screenRecordingFiles, screenRecordingParts, screenRecordingVideos } from '../src/db/schema/index';
import { partKey } from '../src/modules/screen-recording/keys';
import { sweepScreenParts } from '../src/modules/screen-recording/service';
import { type Answer, expectFailure, runPool, staffedCompany, testAppWithOwnJobs } from './factories';
import {
  blobFiles,
  buildUrl,
  makeWebm,
  recordedAttempt,
  sendAll,
  sendPart,
  split,
  storedRows,
  videoUrl,
} from './screen-recording-fixtures';

/**
 * Issue 32, item 3 (quotas and sweeps) for screen recordings: an attempt records at most
 * maxScreensPerAttempt screens (429), a screen at most maxPartsPerScreen parts and an attempt at most
 * maxPartsPerAttempt (413), each refused with the envelope and nothing stored; once the video is saved no
 * screen of the attempt keeps its parts, and what a dead build left is swept.
 */
describe('screen recording quotas and sweeps', () => {
  const ctx = testAppWithOwnJobs();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx);
  const blobRoot = () => path.join(ctx.deps.config.dataDir, 'blobs');
  const PART = Buffer.alloc(1024, 7);
  const partFolders = async (companyId: string, attemptId: string) =>
    [
      ...new Set(
        (await blobFiles(blobRoot(), companyId, attemptId))
          .filter((f) => f.startsWith('parts/'))
          .map((f) => f.split('/')[1]),
      ),
    ].sort();

  it('refuses screens beyond the quota (429) exactly, with two companies uploading and reading at once', async () => {
    const cap = SCREEN_RECORDING.maxScreensPerAttempt;
    const names = Array.from({ length: cap + 3 }, (_, i) => `screen-${i + 1}.webm`);
    const worlds = await Promise.all(
      [a, b].map(async (c) => ({ c, attemptId: (await recordedAttempt(ctx, c)).attempt.id })),
    );
    const tasks: (() => Promise<{ kind: 'part' | 'read' | 'foreign'; res: Answer }>)[] = [];
    for (const [wi, w] of worlds.entries()) {
      const other = worlds[1 - wi];
      for (const fileName of names)
        tasks.push(async () => {
          const res = await sendPart(w.c.as.agent, {
            id: w.attemptId,
            chunkNumber: 0,
            totalChunks: 1,
            fileName,
            data: PART,
          });
          return { kind: 'part', res };
        });
      for (const as of [w.c.as.admin, w.c.as.supervisor, w.c.as.agent])
        tasks.push(async () => {
          const res = await as.get(videoUrl(w.attemptId));
          return { kind: 'read', res };
        });
      tasks.push(async () => {
        const res = await sendPart(w.c.as.agent, { id: other.attemptId, chunkNumber: 0, totalChunks: 1, data: PART });
        return { kind: 'foreign', res };
      });
    }
    const order = tasks
      .map((t, i) => [Math.sin(i * 7919), t] as const)
      .sort((x, y) => x[0] - y[0])
      .map(([, t]) => t);
    const answers = await runPool(order, 8);
    const of = (kind: string) => answers.filter((x) => x.kind === kind).map((x) => x.res);
    for (const res of of('read')) expect(res.statusCode, res.body).toBe(200);
    for (const res of of('foreign')) expectFailure(res, 404, 'NOT_FOUND');
    const parts = of('part');
    for (const res of parts.filter((r) => r.statusCode !== 200))
      expectFailure(res, 429, 'RATE_LIMITED', M.tooManyScreens);
    expect(parts.filter((r) => r.statusCode === 200)).toHaveLength(cap * 2);

    for (const w of worlds) {
      const rows = await storedRows(ctx, w.attemptId);
      expect(rows.files).toHaveLength(cap);
      expect(rows.parts).toHaveLength(cap);
      expect(rows.files.every((f) => f.companyId === w.c.company.companyId && f.received === 1)).toBe(true);
      // only the screens let in have a file
      expect(await partFolders(w.c.company.companyId, w.attemptId)).toEqual(rows.files.map((f) => f.fileName).sort());
      // a screen already let in still takes parts; a part sent again is answered as before
      const kept = rows.files[0].fileName;
      const more = await sendPart(w.c.as.agent, {
        id: w.attemptId,
        chunkNumber: 1,
        totalChunks: 2,
        fileName: kept,
        data: PART,
      });
      expect(more.statusCode, more.body).toBe(200);
      const again = await sendPart(w.c.as.agent, {
        id: w.attemptId,
        chunkNumber: 0,
        totalChunks: 2,
        fileName: kept,
        data: PART,
      });
      expect(again.json()).toEqual({ success: true, received: 2, chunkNumber: 0 });
    }
  });

  it('refuses a screen longer than maxPartsPerScreen (413) and an attempt holding maxPartsPerAttempt (413), storing nothing', async () => {
    const max = SCREEN_RECORDING.maxPartsPerScreen;
    const { attempt } = await recordedAttempt(ctx, a);
    const companyId = a.company.companyId;
    const send = (chunkNumber: number, totalChunks: number, fileName = 'screen-1.webm') =>
      sendPart(a.as.agent, { id: attempt.id, chunkNumber, totalChunks, fileName, data: PART });
    // the 3,000 parts of one file, by the part that says so and by a later part
    expectFailure(await send(0, 3000), 413, 'TOO_LARGE', M.screenTooLong);
    expectFailure(await send(2999, 3000), 413, 'TOO_LARGE', M.screenTooLong);
    expectFailure(await send(max, max + 1), 413, 'TOO_LARGE', M.screenTooLong);
    expect(await storedRows(ctx, attempt.id)).toMatchObject({ files: [], parts: [] });
    expect(await blobFiles(blobRoot(), companyId, attempt.id)).toEqual([]);
    // the last part of a screen at the quota is taken
    const last = await send(max - 1, max);
    expect(last.statusCode, last.body).toBe(200);

    // the attempt holds its quota of parts (counted by its screens' rows): a new part of any screen is refused
    await ctx.db
      .update(screenRecordingFiles)
      .set({ received: SCREEN_RECORDING.maxPartsPerAttempt })
      .where(eq(screenRecordingFiles.attemptId, attempt.id));
    expectFailure(await send(0, 1, 'screen-2.webm'), 413, 'TOO_LARGE', M.attemptTooLarge);
    expectFailure(await send(0, max), 413, 'TOO_LARGE', M.attemptTooLarge);
    const rows = await storedRows(ctx, attempt.id);
    expect(rows.files.map((f) => f.fileName)).toEqual(['screen-1.webm']);
    expect(rows.parts.map((p) => p.chunkNumber)).toEqual([max - 1]);
    expect(await partFolders(companyId, attempt.id)).toEqual(['screen-1.webm']);
    // a part stored already is still answered (a retry after a lost answer)
    expect((await send(max - 1, max)).statusCode).toBe(200);
  });

  it("removes every screen's parts once the video is saved, the screens the build did not name too", async () => {
    const webm = await makeWebm(2);
    const { attempt } = await recordedAttempt(ctx, a);
    const companyId = a.company.companyId;
    for (const r of await sendAll(a.as.agent, attempt.id, split(webm, 16 * 1024), { fileName: 'screen-1.webm' }))
      expect(r.statusCode, r.body).toBe(200);
    // a second screen the page sent but did not build (its picker closed, or it was given up)
    for (const r of await sendAll(a.as.agent, attempt.id, [PART, PART], { fileName: 'screen-2.webm' }))
      expect(r.statusCode, r.body).toBe(200);
    const build = await a.as.agent.post(buildUrl(attempt.id), { sources: ['screen-1.webm'], duration: 2 });
    expect(build.statusCode, build.body).toBe(202);
    ctx.app.jobs.start();
    await ctx.app.jobs.drain();
    const rows = await storedRows(ctx, attempt.id);
    expect(rows.video).toMatchObject({ status: 'saved' });
    expect(rows.files).toEqual([]);
    expect(rows.parts).toEqual([]);
    const files = await blobFiles(blobRoot(), companyId, attempt.id);
    expect(files.filter((f) => f.startsWith('parts/'))).toEqual([]);
    expect(files.filter((f) => f.endsWith('.mp4'))).toHaveLength(1);
  }, 120_000);

  it('sweeps the parts a build left when its server died after the save, and no part a video still needs', async () => {
    const companyId = b.company.companyId;
    /** An attempt of company b holding screen-1 and screen-2 (two parts each), and its video when given. */
    async function holding(status: 'saved' | 'processing' | 'failed' | null) {
      const { attempt } = await recordedAttempt(ctx, b);
      for (const fileName of ['screen-1.webm', 'screen-2.webm']) {
        await ctx.db
          .insert(screenRecordingFiles)
          .values({ attemptId: attempt.id, fileName, companyId, totalChunks: 2, received: 2, fileType: 'video/webm' });
        for (const n of [0, 1]) {
          const key = partKey(companyId, attempt.id, fileName, n);
          await ctx.deps.blobs.put(key, PART, 'application/octet-stream');
          await ctx.db
            .insert(screenRecordingParts)
            .values({ attemptId: attempt.id, fileName, chunkNumber: n, size: PART.length, blobKey: key });
        }
      }
      if (status)
        await ctx.db.insert(screenRecordingVideos).values({
          attemptId: attempt.id,
          companyId,
          userId: b.users.agent.id,
          status,
          sources: ['screen-1.webm'],
          requestedSeconds: 3,
          blobKey: status === 'saved' ? `screen-recordings/${companyId}/${attempt.id}/video-1.mp4` : null,
        });
      return attempt.id;
    }
    const saved = await holding('saved');
    const kept = await Promise.all([holding('processing'), holding('failed'), holding(null)]);

    // scoped to this company: the API test files share one database
    expect(await sweepScreenParts(ctx.deps, companyId)).toBe(2);
    expect(await storedRows(ctx, saved)).toMatchObject({ files: [], parts: [] });
    expect(await partFolders(companyId, saved)).toEqual([]);
    for (const id of kept) {
      const rows = await storedRows(ctx, id);
      expect(rows.files).toHaveLength(2);
      expect(rows.parts).toHaveLength(4);
      expect(await partFolders(companyId, id)).toEqual(['screen-1.webm', 'screen-2.webm']);
    }
    // nothing left: a second sweep finds none of these
    expect(await sweepScreenParts(ctx.deps, companyId)).toBe(0);
    await expect(fs.stat(path.join(blobRoot(), 'screen-recordings', companyId, saved, 'parts'))).rejects.toThrow();
  });
});
