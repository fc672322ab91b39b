import crypto from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { recognitionHints, type TStreamServerMessage } from '@sim/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WebSocket } from 'ws';
import { attemptLines, attempts, jobs, outboxEmails } from '../../src/db/schema/index';
import { enqueue } from '../../src/jobs/queue';
import { s3ClientOf } from '../../src/lib/s3-blob-store';
import { LINE_GRADING_JOB_KIND } from '../../src/modules/attempts/service';
import { EMAIL_JOB_KIND } from '../../src/modules/mail/outbox';
import { permissionIdsByKey } from '../../src/modules/permissions/catalogue';
import { BUILD_JOB_KIND } from '../../src/modules/screen-recording/build';
import {
  type AppContext,
  buildAssignment,
  buildStaffedCompany,
  buildTakeSim,
  caller,
  learner,
  recording,
  type Seed,
  type StaffedCompany,
  userWithGrants,
} from '../factories';
import { toneWav } from '../fixtures/uploads/archives';
import '../factories/provided';
import {
  buildUrl,
  makeWebm,
  probe,
  recordedAttempt,
  sendAll,
  split,
  storedRows,
  videoUrl,
} from '../screen-recording-fixtures';
import { httpContext, type Instance, scratchDatabase, startInstance, startRoundRobinProxy } from './cluster';
import { type LocalS3, startLocalS3 } from './s3-server';

/**
 * Scale-out (issue 18 part 8): two server instances on one PostgreSQL database and one S3 store (s3rver),
 * behind a round-robin proxy that sends each request to the next instance. Every call of the test goes through
 * the proxy, so consecutive calls of one learner land on different instances. Both instances' job workers
 * poll the queue, as in production. The database is this file's own (on the suite's server): no worker of
 * another test file takes these jobs.
 */
describe('two instances behind a round-robin proxy', () => {
  let s3: LocalS3;
  let db: Awaited<ReturnType<typeof scratchDatabase>>;
  let instances: Instance[] = [];
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
  /** the factories' seed: the database, a token service, and an "app" that sends HTTP through the proxy */
  let cluster: Seed & AppContext;
  let company: StaffedCompany<{ agent2: true }>;

  beforeAll(async () => {
    const name = `scale_out_${crypto.randomBytes(5).toString('hex')}`;
    [s3, db] = await Promise.all([startLocalS3(), scratchDatabase(inject('databaseUrl'), name)]);
    instances = await Promise.all(['a', 'b'].map((n) => startInstance(n, db.url, s3.env)));
    for (const i of instances) i.app.jobs.start(); // NODE_ENV=test does not start them by itself
    proxy = await startRoundRobinProxy(instances.map((i) => i.port));
    cluster = { db: instances[0].database.db, deps: instances[0].deps, ...httpContext(proxy.port) };
    company = await buildStaffedCompany(cluster, { agent2: true });
  });
  afterAll(async () => {
    await Promise.all(instances.map((i) => i.close()));
    await proxy?.close();
    await db?.drop();
    await s3?.close();
  });

  /** The instances that served the requests made by `run` (by the proxy's log), in order. */
  async function servedBy<T>(run: () => Promise<T>): Promise<{ result: T; by: number[] }> {
    const from = proxy.served.length;
    const result = await run();
    return { result, by: proxy.served.slice(from).map((s) => s.instance) };
  }
  /** Opens the speech websocket through the proxy, streams 1 s of silence with these hints: the stream's id. */
  async function streamThroughProxy(token: string, hints: { expected?: string; keywords?: string[] }) {
    const urlRes = await caller(cluster, token).inject({
      method: 'GET',
      url: '/api/v1/speech/stream-url',
      headers: { host: `127.0.0.1:${proxy.port}` },
    });
    expect(urlRes.statusCode, urlRes.body).toBe(200);
    const ws = new WebSocket(urlRes.json().data.url);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const messages: TStreamServerMessage[] = [];
    const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    ws.send(JSON.stringify({ type: 'start', sampleRate: 16000, ...hints }));
    const pcm = Buffer.alloc(16000 * 2);
    for (let i = 0; i < pcm.length; i += 3200) ws.send(pcm.subarray(i, i + 3200));
    ws.send(JSON.stringify({ type: 'stop' }));
    await closed;
    const final = messages.find((m) => m.type === 'final');
    if (final?.type !== 'final') throw new Error(`no final: ${JSON.stringify(messages)}`);
    expect(final.text).toBe(hints.expected);
    return final.stream_id;
  }
  const keysUnder = async (prefix: string) => {
    const page = await s3ClientOf(s3.config).send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
    return (page.Contents ?? []).map((o) => o.Key ?? '');
  };

  it("completes a learner's attempt whose calls alternate between the instances", async () => {
    const sim = await buildTakeSim(cluster, company.users.admin);
    const assignment = await buildAssignment(cluster, {
      companyId: company.company.companyId,
      simId: sim.simId,
      userId: company.users.agent.id,
    });
    const me = learner(company.as.agent, assignment.id);
    const wav = await toneWav(1);
    const [watch, spoken] = sim.levels;
    const from = proxy.served.length;
    const { result: attemptId, by } = await servedBy(async () => {
      // level 0 first (one agent line), then the spoken level that completes the assignment
      const first = await me.start(sim.simId, watch.id);
      const line0 = watch.agentLines[0];
      const take0 = await me.record(first, line0.id, recording(wav), line0.script);
      expect(take0.statusCode, take0.body).toBe(200);
      expect((await me.graded(take0.json().id)).status).toBe('Completed');
      expect((await me.finalScoreDone(first)).status).toBe('completed');
      const id = await me.start(sim.simId, spoken.id);
      for (const [n, line] of spoken.agentLines.entries()) {
        const lineId = await me.lineId(id, line.id);
        // the first line is spoken live first: the speech websocket goes through the proxy too
        const streamId = n === 0 ? await streamThroughProxy(company.tokens.agent, recognitionHints(line)) : undefined;
        const up = await company.as.agent.form(
          '/api/v1/sims/grade-transcription',
          {
            sim_level_user_response: id,
            script_id: line.id,
            transcribed_text: line.script,
            ...(streamId ? { stream_id: streamId } : {}),
          },
          [recording(wav)],
        );
        expect(up.statusCode, up.body).toBe(200);
        expect(up.json()).toEqual({ success: true, id: lineId });
        expect(await me.graded(lineId)).toMatchObject({ status: 'Completed', grade_score: 100, passed: true });
      }
      const score = await me.finalScoreDone(id, { totalSeconds: 90, wrapSeconds: 10 });
      expect(score).toMatchObject({
        status: 'completed',
        all_completed: true,
        keyword_accuracy: 100,
        overall_percentage: 100,
        assignment_status: 'COMPLETED',
      });
      return id;
    });
    process.stdout.write(
      `[scale-out] attempt: ${by.length} calls, ${by.filter((i) => i === 0).length} on instance a, ${by.filter((i) => i === 1).length} on b\n`,
    );
    // the calls really alternated: each instance served half of them, never two in a row
    expect(new Set(by)).toEqual(new Set([0, 1]));
    expect(by.every((i, n) => n === 0 || i !== by[n - 1])).toBe(true);
    const [row] = await cluster.db.select().from(attempts).where(eq(attempts.id, attemptId));
    expect(row).toMatchObject({ status: 'completed', totalSeconds: 90 });
    // each line's recording is in the shared store, whichever instance received it or graded it
    const lines = await cluster.db.select().from(attemptLines).where(eq(attemptLines.attemptId, attemptId));
    expect(lines).toHaveLength(spoken.agentLines.length);
    for (const line of lines) {
      expect(line).toMatchObject({ status: 'Completed', gradeScore: 100 });
      for (const instance of instances)
        expect((await instance.deps.blobs.stat(line.audioKey!))?.contentType).toBe('audio/mpeg');
    }
    // a stream's final is kept by the instance that served the stream: the line is graded from it there,
    // else from the uploaded recording (the same outcome, decoded again)
    const upgrade = by.findIndex((_, n) => proxy.served[from + n].upgrade);
    const upload = by.findIndex(
      (_, n) => n > upgrade && proxy.served[from + n].url === '/api/v1/sims/grade-transcription',
    );
    const streamed = lines.find((l) => l.simScriptId === spoken.agentLines[0].id);
    expect(upgrade).toBeGreaterThan(-1);
    expect(streamed?.gradedFrom).toBe(by[upgrade] === by[upload] ? 'stream' : 'upload');
    const grading = await cluster.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, LINE_GRADING_JOB_KIND), eq(jobs.companyId, company.company.companyId)));
    // one grading run per recorded line (the level-0 line and these), each done at its first run
    expect(grading.map((j) => [j.status, j.attempts])).toEqual([...lines, 'level 0'].map(() => ['done', 1]));
  });

  it('builds a screen recording whose parts landed on both instances', async () => {
    const webm = await makeWebm(3);
    const { attempt } = await recordedAttempt(cluster, company);
    const parts = split(webm, 16 * 1024);
    expect(parts.length).toBeGreaterThan(3);
    const { result: answers, by } = await servedBy(() =>
      sendAll(company.as.agent, attempt.id, parts, { fileName: 'screen-1.webm' }),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(answers.map((r) => r.json().received)).toEqual(parts.map((_, i) => i + 1));
    expect(new Set(by)).toEqual(new Set([0, 1])); // parts went to both instances
    const prefix = `screen-recordings/${company.company.companyId}/${attempt.id}/`;
    expect(await keysUnder(`${prefix}parts/`)).toHaveLength(parts.length);

    const build = await company.as.agent.post(buildUrl(attempt.id), {
      sources: ['screen-1.webm'],
      duration: 3,
      stamps: [],
    });
    expect(build.statusCode, build.body).toBe(202);
    const until = Date.now() + 60_000;
    let video = (await company.as.agent.get(videoUrl(attempt.id))).json();
    while (video.video_status === 'processing' && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      video = (await company.as.agent.get(videoUrl(attempt.id))).json();
    }
    expect(video).toMatchObject({ success: true, video_status: 'saved', error: null });
    // the MP4 is served (by either instance) from the shared store, whole and by range
    const full = await company.as.agent.get(video.video_url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('video/mp4');
    expect(full.rawPayload.length).toBe(video.video_info.size);
    const probed = await probe(full.rawPayload);
    expect(probed.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual(['audio:aac', 'video:h264']);
    expect(Math.abs(probed.duration - 3)).toBeLessThan(1);
    const ranged = await company.as.agent.inject({
      method: 'GET',
      url: video.video_url,
      headers: { range: 'bytes=10-99' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.equals(full.rawPayload.subarray(10, 100))).toBe(true);
    // the raw parts are gone from the rows and the store; the video alone is left
    const rows = await storedRows(cluster, attempt.id);
    expect(rows.parts).toEqual([]);
    expect(rows.video).toMatchObject({ status: 'saved' });
    expect(await keysUnder(prefix)).toEqual([rows.video!.blobKey]);
    const builds = await cluster.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, BUILD_JOB_KIND), eq(jobs.companyId, company.company.companyId)));
    expect(builds.map((j) => [j.status, j.attempts])).toEqual([['done', 1]]);
  });

  it('runs every job exactly once while both instances poll the queue', async () => {
    const count = 40;
    const tag = crypto.randomBytes(4).toString('hex');
    const to = Array.from({ length: count }, (_, i) => `job-${tag}-${i}@example.test`);
    const before = instances.map((i) => i.mailer.sent.length);
    // queued from both instances' sides (a request of either would do the same), without waiting between
    const queued = await Promise.all(
      to.map((address, i) =>
        enqueue(instances[i % 2].database.db, {
          companyId: company.company.companyId,
          kind: EMAIL_JOB_KIND,
          payload: { to: address, subject: 'Scale-out', text: 'one of many' },
          createdBy: null,
        }),
      ),
    );
    const ids = queued.map((j) => j.id);
    const until = Date.now() + 30_000;
    let rows = await cluster.db.select().from(jobs).where(inArray(jobs.id, ids));
    while (rows.some((r) => r.status !== 'done') && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = await cluster.db.select().from(jobs).where(inArray(jobs.id, ids));
    }
    expect(rows.map((r) => [r.status, r.attempts])).toEqual(ids.map(() => ['done', 1]));
    const sentBy = instances.map((i, n) => i.mailer.sent.slice(before[n]).filter((a) => a.includes(tag)));
    const all = sentBy.flat();
    // each email sent once, by one instance or the other, and both took part
    expect(all.sort()).toEqual([...to].sort());
    expect(sentBy.every((s) => s.length > 0)).toBe(true);
    const outbox = await cluster.db.select().from(outboxEmails).where(inArray(outboxEmails.toAddress, to));
    expect(outbox).toHaveLength(count);
    process.stdout.write(
      `[scale-out] jobs: ${count} jobs, run once each: ${sentBy.map((s) => s.length).join(' + ')} by the 2 instances\n`,
    );
  });

  it('applies a permission change made on one instance on the next call, served by the other', async () => {
    const ids = await permissionIdsByKey(cluster.db);
    const custom = await userWithGrants(cluster, company.company, [
      { task: 'groups', type: 'view' },
      { task: 'groups', type: 'create' },
    ]);
    const GROUPS = '/api/v1/groups/listing';
    const user = caller(cluster, custom.token);
    // both instances answer 200, their caches warm
    const warm = await servedBy(async () => [(await user.get(GROUPS)).statusCode, (await user.get(GROUPS)).statusCode]);
    expect(warm.result).toEqual([200, 200]);
    expect(new Set(warm.by)).toEqual(new Set([0, 1]));
    for (const [grant, expected] of [
      ['groups:create', 403],
      ['groups:view', 200],
    ] as const) {
      const change = await servedBy(async () => {
        const save = await company.as.admin.post('/api/v1/roles/save-permissions', {
          permission_data: [{ role_id: custom.roleId, permissions: [ids.get(grant)!] }],
        });
        expect(save.statusCode, save.body).toBe(200);
        return (await user.get(GROUPS)).statusCode;
      });
      // the change on one instance, the next call on the other: it applies there at once
      expect(change.by).toHaveLength(2);
      expect(change.by[0]).not.toBe(change.by[1]);
      expect(change.result).toBe(expected);
      expect((await user.get(GROUPS)).statusCode).toBe(expected);
    }
  });
});
