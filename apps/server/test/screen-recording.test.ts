import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  defaultGrantsFor,
  SCREEN_RECORDING_MESSAGES as M,
  SCREEN_RECORDING,
  SCREEN_RECORDING_TEXTS as T,
} from '@sim/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { jobs, screenRecordingVideos, users } from '../src/db/schema/index';
import { BUILD_JOB_KIND } from '../src/modules/screen-recording/build';
import { buildRole, buildUser, caller, expectFailure, staffedCompany, testAppWithOwnJobs, tokenFor } from './factories';
import {
  blobFiles,
  buildUrl,
  makeWebm,
  partRowCount,
  probe,
  RETENTION_URL,
  recordedAttempt,
  STREAM_URL,
  saveUrl,
  sendAll,
  sendPart,
  split,
  storedRows,
  videoUrl,
} from './screen-recording-fixtures';

/**
 * Screen recording of an attempt (issue 16; learner-and-review.md section 7; DECISIONS.md section 6): the
 * chunked upload (order, duplicates, refusals), the build job and its MP4, the video's status and signed URL
 * served with HTTP Range, saving and marking best practice, and the company's retention setting.
 */
describe('screen recording', () => {
  const ctx = testAppWithOwnJobs();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx);
  const webm = { one: Buffer.alloc(0), two: Buffer.alloc(0) };
  const blobRoot = () => path.join(ctx.deps.config.dataDir, 'blobs');
  const PART = 16 * 1024;

  beforeAll(async () => {
    [webm.one, webm.two] = await Promise.all([makeWebm(3), makeWebm(3, { size: '240x320', frequency: 660 })]);
  });

  /** Uploads both screens (the second out of order), builds and runs the job: the saved attempt. */
  async function recordAndBuild(duration = 3) {
    const { attempt } = await recordedAttempt(ctx, a);
    const one = split(webm.one, PART);
    const two = split(webm.two, PART);
    const sent = [
      ...(await sendAll(a.as.agent, attempt.id, one, { fileName: 'screen-1.webm' })),
      ...(await sendAll(a.as.agent, attempt.id, two, {
        fileName: 'screen-2.webm',
        order: two.map((_, i) => i).reverse(),
      })),
    ];
    for (const r of sent) expect(r.statusCode, r.body).toBe(200);
    const res = await a.as.agent.post(buildUrl(attempt.id), {
      sources: ['screen-1.webm', 'screen-2.webm'],
      duration,
      stamps: [1_700_000_000_000, 1_700_000_000_400],
    });
    expect(res.statusCode, res.body).toBe(202);
    ctx.app.jobs.start();
    await ctx.app.jobs.drain();
    return attempt;
  }

  it('stores parts in order and out of order, a part sent twice once, and builds an MP4 served with Range', async () => {
    const { attempt } = await recordedAttempt(ctx, a);
    const companyId = a.company.companyId;
    const one = split(webm.one, PART);
    const two = split(webm.two, PART);
    expect(one.length).toBeGreaterThan(2);
    // screen 1 in order: each answer counts the distinct parts held
    const answers = await sendAll(a.as.agent, attempt.id, one, { fileName: 'screen-1.webm' });
    answers.forEach((res, i) => {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, received: i + 1, chunkNumber: i });
    });
    // a part sent again (other bytes, as a retry after a lost answer) is not written again
    const again = await sendPart(a.as.agent, {
      id: attempt.id,
      chunkNumber: 1,
      totalChunks: 2,
      fileName: 'screen-1.webm',
      data: Buffer.alloc(one[1].length, 7),
    });
    expect(again.json()).toEqual({ success: true, received: one.length, chunkNumber: 1 });
    expect(await partRowCount(ctx, attempt.id, 'screen-1.webm')).toBe(one.length);
    const stored = await fs.readFile(
      path.join(blobRoot(), 'screen-recordings', companyId, attempt.id, 'parts', 'screen-1.webm', '000001'),
    );
    expect(stored.equals(one[1])).toBe(true);
    // screen 2 backwards: the last part first tells the total
    const back = await sendAll(a.as.agent, attempt.id, two, {
      fileName: 'screen-2.webm',
      order: two.map((_, i) => i).reverse(),
    });
    for (const r of back) expect(r.statusCode, r.body).toBe(200);
    expect(back.map((r) => r.json().received)).toEqual(two.map((_, i) => i + 1));
    const rows = await storedRows(ctx, attempt.id);
    expect(rows.files.map((f) => [f.fileName, f.totalChunks, f.fileType])).toEqual([
      ['screen-1.webm', one.length, 'video/webm'],
      ['screen-2.webm', two.length, 'video/webm'],
    ]);
    expect(rows.parts.map((p) => p.size)).toEqual([...one, ...two].map((p) => p.length));
    const dataFiles = (await blobFiles(blobRoot(), companyId, attempt.id)).filter((f) => !f.endsWith('.type'));
    expect(dataFiles).toHaveLength(one.length + two.length);

    // the build: 202 processing, a job, the video row
    const build = await a.as.agent.post(buildUrl(attempt.id), {
      sources: ['screen-1.webm', 'screen-2.webm'],
      duration: 3,
      stamps: [1_700_000_000_000, 1_700_000_000_400],
    });
    expect(build.statusCode, build.body).toBe(202);
    expect(build.json()).toEqual({ success: true, message: T.processing, video_status: 'processing' });
    const processing = await a.as.agent.get(videoUrl(attempt.id));
    expect(processing.json()).toMatchObject({ success: true, video_status: 'processing', video_url: null });
    ctx.app.jobs.start();
    await ctx.app.jobs.drain();
    const [job] = await ctx.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.companyId, companyId), eq(jobs.kind, BUILD_JOB_KIND)));
    expect(job).toMatchObject({ status: 'done', result: expect.objectContaining({ outcome: 'saved' }) });

    // saved: the raw parts are gone (rows and files), the MP4 is in the blob store
    const after = await storedRows(ctx, attempt.id);
    expect(after.files).toEqual([]);
    expect(after.parts).toEqual([]);
    expect(after.video).toMatchObject({ status: 'saved', error: null });
    const files = await blobFiles(blobRoot(), companyId, attempt.id);
    expect(files).toEqual([expect.stringMatching(/^video-\d+\.mp4$/), expect.stringMatching(/^video-\d+\.mp4\.type$/)]);

    const res = await a.as.agent.get(videoUrl(attempt.id));
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      video_status: 'saved',
      video_url: expect.stringMatching(/^\/api\/v1\/files\/screen-recordings\/.+\.mp4\?exp=\d+&sig=/),
      download_url: null, // the agent lacks download_video
      error: null,
      video_info: { screens: 2, saved_on: null, marked_best_practice_on: null },
    });
    expect(Math.abs(body.video_info.duration - 3)).toBeLessThan(1);
    const full = await ctx.app.inject({ method: 'GET', url: body.video_url });
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('video/mp4');
    expect(full.headers['accept-ranges']).toBe('bytes');
    expect(full.rawPayload.length).toBe(body.video_info.size);
    const probed = await probe(full.rawPayload);
    expect(probed.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
    expect(Math.abs(probed.duration - 3)).toBeLessThan(1);
    // a range: 206 with exactly those bytes
    const ranged = await ctx.app.inject({ method: 'GET', url: body.video_url, headers: { range: 'bytes=100-1099' } });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-1099/${full.rawPayload.length}`);
    expect(ranged.rawPayload.equals(full.rawPayload.subarray(100, 1100))).toBe(true);
    // a tampered signature is refused
    const forged = await ctx.app.inject({ method: 'GET', url: body.video_url.replace(/sig=[^&]+/, 'sig=AAAA') });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses a build while a part is missing, naming it; nothing is queued', async () => {
    const { attempt } = await recordedAttempt(ctx, a);
    const parts = split(webm.one, PART);
    await sendAll(a.as.agent, attempt.id, parts, {
      fileName: 'screen-1.webm',
      order: [0, 1, 3, 4].filter((i) => i < parts.length),
    });
    // part 4 said the total is at least 5, part 2 never came
    const res = await a.as.agent.post(buildUrl(attempt.id), { sources: ['screen-1.webm'], duration: 3, stamps: [] });
    expectFailure(res, 422, 'RULE_BROKEN', M.partMissingAtBuild(2, 'screen-1.webm'));
    const none = await a.as.agent.post(buildUrl(attempt.id), { sources: ['screen-9.webm'], duration: 3 });
    expectFailure(none, 422, 'RULE_BROKEN', M.nothingUploaded('screen-9.webm'));
    expect((await storedRows(ctx, attempt.id)).video).toBeNull();
    const queued = await ctx.db.select().from(jobs).where(eq(jobs.kind, BUILD_JOB_KIND));
    expect(queued.filter((j) => (j.payload as { attempt_id?: string }).attempt_id === attempt.id)).toEqual([]);
    // bad build bodies
    for (const body of [
      { sources: ['screen-1.webm', 'screen-1.webm'], duration: 3 },
      { sources: ['screen-1.webm'], duration: 3, stamps: [1, 2] },
      { sources: ['screen-1.webm'], duration: 0 },
      { sources: ['../etc'], duration: 3 },
      { sources: [], duration: 3 },
      { sources: 'screen-1.webm', duration: 3 },
    ]) {
      const bad = await a.as.agent.post(buildUrl(attempt.id), body);
      expectFailure(bad, 400, 'INVALID');
    }
  });

  it("refuses another user's attempt (403), another company's or an unknown one (404), storing nothing", async () => {
    const { attempt } = await recordedAttempt(ctx, a);
    const part = split(webm.one, PART)[0];
    const send = (as: typeof a.as.agent, id = attempt.id) =>
      sendPart(as, { id, chunkNumber: 0, totalChunks: 1, data: part });
    expectFailure(await send(a.as.agent2), 403, 'FORBIDDEN', M.notYourAttempt);
    expectFailure(await send(a.as.supervisor), 403, 'FORBIDDEN', M.notYourAttempt);
    expectFailure(await send(b.as.agent), 404, 'NOT_FOUND', M.attemptNotFound);
    expectFailure(await send(b.as.admin), 404, 'NOT_FOUND');
    expectFailure(await send(a.as.agent, '00000000-0000-4000-8000-000000000000'), 404, 'NOT_FOUND');
    expectFailure(await send(a.as.nobody), 401, 'UNAUTHORIZED');
    const build = { sources: ['screen-1.webm'], duration: 3 };
    expectFailure(await a.as.agent2.post(buildUrl(attempt.id), build), 403, 'FORBIDDEN');
    expectFailure(await b.as.agent.post(buildUrl(attempt.id), build), 404, 'NOT_FOUND');
    expectFailure(await b.as.admin.get(videoUrl(attempt.id)), 404, 'NOT_FOUND');
    expectFailure(await a.as.agent2.get(videoUrl(attempt.id)), 404, 'NOT_FOUND');
    const rows = await storedRows(ctx, attempt.id);
    expect([rows.files, rows.parts, rows.video]).toEqual([[], [], null]);
    expect(await blobFiles(blobRoot(), a.company.companyId, attempt.id)).toEqual([]);
    // a level that does not record the screen
    const plain = await recordedAttempt(ctx, a, { screenRecording: false });
    expectFailure(
      await sendPart(a.as.agent, { id: plain.attempt.id, chunkNumber: 0, totalChunks: 1, data: part }),
      422,
      'RULE_BROKEN',
      M.levelNotRecorded,
    );
  });

  it('refuses oversize parts (413), wrong types (415), broken forms and garbage fields (400), storing nothing', async () => {
    const { attempt } = await recordedAttempt(ctx, a);
    const id = attempt.id;
    const part = split(webm.one, PART)[0];
    const big = Buffer.alloc(SCREEN_RECORDING.maxChunkBytes + 1, 1);
    expectFailure(
      await sendPart(a.as.agent, { id, chunkNumber: 0, totalChunks: 1, data: big }),
      413,
      'TOO_LARGE',
      M.partTooLarge,
    );
    for (const fileType of ['image/png', 'text/html', 'video/mp4', '']) {
      const res = await sendPart(a.as.agent, { id, chunkNumber: 0, totalChunks: 1, data: part, fileType });
      expectFailure(res, 415, 'UNSUPPORTED_TYPE', M.wrongType);
    }
    // not multipart, and a multipart body cut short
    expectFailure(await a.as.agent.post(STREAM_URL, { id, chunkNumber: 0 }), 415, 'UNSUPPORTED_TYPE', M.notMultipart);
    const cut = await a.as.agent.inject({
      method: 'POST',
      url: STREAM_URL,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="chunkData"; filename="blob"\r\n\r\nabc',
    });
    expectFailure(cut, 400, 'INVALID');
    // no file
    const noFile = await a.as.agent.form(STREAM_URL, {
      id,
      chunkNumber: '0',
      totalChunks: '1',
      fileName: 'a.webm',
      fileType: 'video/webm',
    });
    expectFailure(noFile, 400, 'INVALID', M.partMissing);
    const garbage: Partial<Record<'id' | 'chunkNumber' | 'totalChunks' | 'fileName', string>>[] = [
      { chunkNumber: 'abc' },
      { chunkNumber: '-1' },
      { chunkNumber: '1.5' },
      { chunkNumber: String(SCREEN_RECORDING.maxTotalChunks) },
      { totalChunks: '0' },
      { totalChunks: '1e9' },
      { chunkNumber: '3', totalChunks: '2' },
      { fileName: '../../etc/passwd' },
      { fileName: 'a/b.webm' },
      { fileName: 'x'.repeat(5000) },
      { fileName: 'screen\u0000.webm' },
      { id: 'not-a-uuid' },
      { id: '' },
    ];
    for (const g of garbage) {
      const fields = {
        id,
        chunkNumber: '0',
        totalChunks: '1',
        fileName: 'screen-1.webm',
        fileType: 'video/webm',
        ...g,
      };
      const res = await a.as.agent.form(STREAM_URL, fields, [
        { field: 'chunkData', filename: 'blob', contentType: 'video/webm', data: part },
      ]);
      expect(res.statusCode, `${JSON.stringify(g).slice(0, 80)} ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'INVALID', message: expect.any(String) });
    }
    const rows = await storedRows(ctx, attempt.id);
    expect([rows.files, rows.parts, rows.video]).toEqual([[], [], null]);
    expect(await blobFiles(blobRoot(), a.company.companyId, attempt.id)).toEqual([]);
  });

  it('accepts the file before its fields (FormData order) and refuses parts once the video is built (409)', async () => {
    const attempt = await recordAndBuild();
    const boundary = 'sim-order-test';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="chunkData"; filename="blob"\r\nContent-Type: video/webm\r\n\r\n`,
      ),
      webm.one.subarray(0, 100),
      Buffer.from('\r\n'),
      ...Object.entries({
        id: attempt.id,
        chunkNumber: '0',
        totalChunks: '1',
        fileName: 'screen-3.webm',
        fileType: 'video/webm',
      }).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    const res = await a.as.agent.inject({
      method: 'POST',
      url: STREAM_URL,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expectFailure(res, 409, 'CONFLICT', M.videoExists);
    expectFailure(
      await a.as.agent.post(buildUrl(attempt.id), { sources: ['screen-1.webm'], duration: 3 }),
      409,
      'CONFLICT',
      M.videoExists,
    );
    // before any build, the same form is stored
    const fresh = await recordedAttempt(ctx, a);
    const ok = await a.as.agent.inject({
      method: 'POST',
      url: STREAM_URL,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(payload.toString('latin1').replace(attempt.id, fresh.attempt.id), 'latin1'),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true, received: 1, chunkNumber: 0 });
  });

  it('marks the video failed with the reason when the parts are no recording, leaving no temporary file', async () => {
    const { attempt } = await recordedAttempt(ctx, a);
    const junk = split(Buffer.alloc(40_000, 0x41), PART);
    for (const r of await sendAll(a.as.agent, attempt.id, junk)) expect(r.statusCode, r.body).toBe(200);
    // this server's build folders only (named with its pid): other test files build videos at the same time
    const temps = async () =>
      (await fs.readdir(os.tmpdir())).filter((n) => n.startsWith(`sim-screen-${process.pid}-`)).sort();
    const before = await temps();
    const res = await a.as.agent.post(buildUrl(attempt.id), { sources: ['screen-1.webm'], duration: 3 });
    expect(res.statusCode, res.body).toBe(202);
    ctx.app.jobs.start();
    await ctx.app.jobs.drain();
    const body = (await a.as.agent.get(videoUrl(attempt.id))).json();
    expect(body).toMatchObject({
      video_status: 'failed',
      video_url: null,
      video_info: null,
      error: expect.stringMatching(/^Screen 1 is not a readable recording/),
    });
    const [job] = await ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, (await storedRows(ctx, attempt.id)).video!.jobId!));
    expect(job).toMatchObject({ status: 'failed', error: body.error });
    expect(await temps()).toEqual(before);
    // the parts are kept: the learner may send them again and build again
    const rows = await storedRows(ctx, attempt.id);
    expect(rows.parts).toHaveLength(junk.length);
    const again = await sendPart(a.as.agent, {
      id: attempt.id,
      chunkNumber: 0,
      totalChunks: junk.length,
      data: junk[0],
    });
    expect(again.statusCode, again.body).toBe(200);
    const rebuild = await a.as.agent.post(buildUrl(attempt.id), { sources: ['screen-1.webm'], duration: 3 });
    expect(rebuild.statusCode, rebuild.body).toBe(202);
    expect((await storedRows(ctx, attempt.id)).video).toMatchObject({ status: 'processing', error: null });
    await ctx.app.jobs.drain();
  });

  it('answers failed, and builds again, when the build job stalled for good (its instances died)', async () => {
    // the worker started by earlier tests would claim the build before the stall is written over it
    await ctx.app.jobs.stop();
    const { attempt } = await recordedAttempt(ctx, a);
    await sendAll(a.as.agent, attempt.id, split(webm.one, PART));
    const build = { sources: ['screen-1.webm'], duration: 3 };
    expect((await a.as.agent.post(buildUrl(attempt.id), build)).statusCode).toBe(202);
    const { video } = await storedRows(ctx, attempt.id);
    // what the worker's stale-heartbeat sweep leaves after the last attempt
    await ctx.db
      .update(jobs)
      .set({ status: 'failed', error: 'The job stopped responding.' })
      .where(eq(jobs.id, video!.jobId!));
    expect((await a.as.agent.get(videoUrl(attempt.id))).json()).toMatchObject({
      video_status: 'failed',
      error: 'The job stopped responding.',
    });
    expect((await a.as.agent.post(buildUrl(attempt.id), build)).statusCode).toBe(202);
    ctx.app.jobs.start();
    await ctx.app.jobs.drain();
    expect((await a.as.agent.get(videoUrl(attempt.id))).json()).toMatchObject({ video_status: 'saved', error: null });
  });

  it('answers the download URL only to holders of download_video; saves and marks best practice', async () => {
    const attempt = await recordAndBuild();
    const asSupervisor = (await a.as.supervisor.get(videoUrl(attempt.id))).json();
    expect(asSupervisor.download_url).toEqual(expect.stringMatching(/^\/api\/v1\/downloads\/.+\.mp4\?exp=/));
    // the download link answers the MP4 as an attachment; the preview link plays it inline
    const download = await ctx.app.inject({ method: 'GET', url: asSupervisor.download_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('video/mp4');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename=.*\.mp4/);
    expect(download.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const preview = await ctx.app.inject({ method: 'GET', url: asSupervisor.video_url });
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-disposition']).toBeUndefined();
    expect(preview.rawPayload.equals(download.rawPayload)).toBe(true);
    // a preview URL's signature does not open the download path (signed apart)
    const forged = (asSupervisor.video_url as string).replace('/api/v1/files/', '/api/v1/downloads/');
    expectFailure(await ctx.app.inject({ method: 'GET', url: forged }), 401, 'UNAUTHORIZED');
    // a reviewer without the permission reads the video but gets no download URL and may not save
    const roleId = await buildRole(
      ctx,
      a.company,
      defaultGrantsFor('supervisor').filter((g) => g.task !== 'download_video'),
    );
    const reviewer = await buildUser(ctx, a.company, { role: 'Supervisor' });
    await ctx.db.update(users).set({ roleId }).where(eq(users.id, reviewer.id));
    const asReviewer = caller(ctx, await tokenFor(ctx, reviewer));
    const read = (await asReviewer.get(videoUrl(attempt.id))).json();
    expect(read).toMatchObject({ video_status: 'saved', download_url: null, video_url: expect.any(String) });
    const url = read.video_url as string;
    expectFailure(await asReviewer.post(saveUrl(attempt.id), { url, bestPractice: true }), 403, 'FORBIDDEN');
    expectFailure(await a.as.agent.post(saveUrl(attempt.id), { url, bestPractice: true }), 403, 'FORBIDDEN');

    // save + best practice: both dates set
    const marked = await a.as.supervisor.post(saveUrl(attempt.id), { url, bestPractice: true });
    expect(marked.statusCode, marked.body).toBe(200);
    const m = marked.json();
    expect(m).toEqual({
      success: true,
      message: T.markedBestPractice,
      video_details: { saved_on: expect.any(String), marked_best_practice_on: expect.any(String) },
    });
    // unmarked: the best-practice date cleared, the saved date kept
    const unmarked = (
      await a.as.manager.post(saveUrl(attempt.id), { url: asSupervisor.video_url, bestPractice: false })
    ).json();
    expect(unmarked).toEqual({
      success: true,
      message: T.unmarkedBestPractice,
      video_details: { saved_on: m.video_details.saved_on, marked_best_practice_on: null },
    });
    const saved = (await a.as.manager.post(saveUrl(attempt.id), { url, bestPractice: false })).json();
    expect(saved.message).toBe(T.saved);
    const [row] = await ctx.db
      .select()
      .from(screenRecordingVideos)
      .where(eq(screenRecordingVideos.attemptId, attempt.id));
    expect(row.savedOn?.toISOString()).toBe(m.video_details.saved_on);
    expect(row.markedBestPracticeOn).toBeNull();
    // another video's url, an attempt without a video, another company
    expectFailure(
      await a.as.supervisor.post(saveUrl(attempt.id), {
        url: '/api/v1/files/screen-recordings/x/y/video-1.mp4',
        bestPractice: true,
      }),
      400,
      'INVALID',
      M.otherVideo,
    );
    const empty = await recordedAttempt(ctx, a);
    expectFailure(
      await a.as.supervisor.post(saveUrl(empty.attempt.id), { url, bestPractice: true }),
      404,
      'NOT_FOUND',
      M.noVideo,
    );
    expectFailure(await b.as.admin.post(saveUrl(attempt.id), { url, bestPractice: true }), 404, 'NOT_FOUND');
    expectFailure(await a.as.supervisor.post(saveUrl(attempt.id), { url: 5, bestPractice: 'yes' }), 400, 'INVALID');
  });

  it('keeps the retention setting per company (sim_admin)', async () => {
    expect((await a.as.admin.get(RETENTION_URL)).json()).toEqual({ success: true, data: { retention_days: null } });
    const set = await a.as.admin.post(RETENTION_URL, { retention_days: 30 });
    expect(set.json()).toEqual({ success: true, data: { retention_days: 30 }, message: T.retentionSaved });
    expect((await a.as.admin.get(RETENTION_URL)).json().data.retention_days).toBe(30);
    expect((await b.as.admin.get(RETENTION_URL)).json().data.retention_days).toBeNull();
    expectFailure(await a.as.agent.post(RETENTION_URL, { retention_days: 1 }), 403, 'FORBIDDEN');
    for (const retention_days of [0, -1, 1.5, SCREEN_RECORDING.retentionMaxDays + 1, '30'])
      expectFailure(await a.as.admin.post(RETENTION_URL, { retention_days }), 400, 'INVALID');
    await a.as.admin.post(RETENTION_URL, { retention_days: null });
    expect((await a.as.admin.get(RETENTION_URL)).json().data.retention_days).toBeNull();
  });
});
