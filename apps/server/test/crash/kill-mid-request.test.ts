import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  attemptLines,
  jobs,
  pendingBlobs,
  screenRecordingParts,
  screenRecordingVideos,
  simLevels,
  simScripts,
  sims,
} from '../../src/db/schema/index';
import { LINE_GRADING_JOB_KIND } from '../../src/modules/attempts/service';
import { BUILD_JOB_KIND } from '../../src/modules/screen-recording/build';
import { recording } from '../factories';
import { buildUrl, makeWebm, probe, recordedAttempt, STREAM_URL, split, videoUrl } from '../screen-recording-fixtures';
import {
  audioSeconds,
  type ImportRow,
  levelNames,
  levelsWorkbook,
  linesOfSim,
  people,
  spokenAttempt,
  takeWav,
  trainingSim,
  XLSX_TYPE,
} from './fixtures';
import { type CrashRig, crashRig, eventually, outcome, type Reply, send, sendForm, sendJson } from './harness';

/**
 * kill -9 of the real server in the middle of four writes (issue 18, crash safety): a chunked screen-recording
 * upload (and the build of its video), a learner's recording of a line (and its grading job), an Excel import
 * of levels and a level save (add and rename). Each kill lands inside the handler's write (its transaction;
 * for a part, the one statement that records it): the test holds a lock on the table the handler writes next
 * (harness.ts `gate`), waits until PostgreSQL shows the server's statement waiting on it, and kills then. The
 * server is started again on the same database and data folder, and the test finds every acknowledged part
 * and row (bytes equal), nothing of a cut transaction (a part's one statement commits when let through, with
 * its whole blob), no half-imported level, and no job left running for the dead process: the jobs it held are
 * taken back by the restarted server's worker and complete. (The worker takes a job back when its heartbeat
 * is 60 s old; the test dates the dead process's heartbeats back by that minute instead of waiting it out.)
 */

const counts = { kills: 0, cut: 0, acknowledged: 0, bytesCompared: 0, jobsTakenBack: 0, orphansSwept: 0 };

describe('kill -9 mid-request, restart on the same data', () => {
  let rig: CrashRig;

  beforeAll(async () => {
    rig = await crashRig('mid');
    await rig.start();
  }, 120_000);

  beforeEach(async () => {
    await rig.releaseGates();
    const s = rig.server;
    if (!s || s.proc.exitCode !== null || s.proc.signalCode !== null) await rig.start();
  });

  afterAll(async () => {
    if (rig) {
      process.stdout.write(
        `\ncrash safety: ${counts.kills} kills -9 inside a handler, ${counts.cut} requests cut, ` +
          `${counts.acknowledged} acknowledged writes found after restart (${counts.bytesCompared} bytes compared), ` +
          `${counts.jobsTakenBack} jobs of the dead server taken back and completed, ` +
          `${counts.orphansSwept} stored files of cut requests swept after restart; ` +
          `server starts ${rig.startSeconds.map((s) => s.toFixed(1)).join(', ')} s\n`,
      );
      await rig.close();
    }
  });

  /** Kills the server while the gated requests wait inside it; answers the jobs it held running. */
  async function killInside(requests: Promise<Reply | Error>[], release: () => Promise<void>, pids: number[]) {
    await rig.kill();
    counts.kills++;
    const held = await rig.runningJobs();
    await release();
    await rig.backendsGone(pids);
    for (const r of requests) expect(await r, 'a cut request has no answer').toBeInstanceOf(Error);
    counts.cut += requests.length;
    return held;
  }

  /**
   * The company's jobs left undone: running, failed, or queued and due (a queued job due later, such as the
   * daily screen-recording retention run, is scheduled work, not left over).
   */
  async function unfinishedJobs(companyId: string) {
    const rows = await rig.database.db
      .select({ kind: jobs.kind, status: jobs.status, error: jobs.error, runAfter: jobs.runAfter })
      .from(jobs)
      .where(eq(jobs.companyId, companyId));
    const now = Date.now();
    return rows.filter(
      (r) => r.status !== 'done' && !(r.status === 'queued' && r.runAfter && r.runAfter.getTime() > now),
    );
  }

  it('a chunked screen-recording upload: acknowledged parts kept byte for byte, the cut part not; the build job of the dead server is taken back and builds', async () => {
    const who = await people(rig.seed);
    const staffed = { company: who.company, users: { admin: who.admin, agent: who.agent } } as unknown as Parameters<
      typeof recordedAttempt
    >[1];
    const { attempt } = await recordedAttempt(rig.seed, staffed);
    const parts = split(await makeWebm(3), 8 * 1024);
    expect(parts.length).toBeGreaterThan(6);
    const fields = (i: number, total = i + 1) => ({
      id: attempt.id,
      chunkNumber: String(i),
      totalChunks: String(total),
      originalname: 'blob',
      fileName: 'screen-1.webm',
      fileType: 'video/webm;codecs=vp8,opus',
    });
    const part = (i: number) => [{ field: 'chunkData', filename: 'blob', contentType: 'video/webm', data: parts[i] }];
    const upload = (i: number, total?: number, cutAt?: number) =>
      sendForm(rig.url, who.agentToken, STREAM_URL, fields(i, total), part(i), cutAt);

    for (let i = 0; i < 4; i++) {
      const res = await upload(i);
      expect(res.status, res.body).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ success: true, received: i + 1, chunkNumber: i });
    }
    // part 4: its blob written, its row's statement waiting on the gate; part 5: cut in the middle of its bytes
    const gate = await rig.gate(screenRecordingParts);
    const inTx = outcome(upload(4));
    const pids = await gate.waiters();
    const midBody = outcome(upload(5, 6, 0.6));
    await new Promise((r) => setTimeout(r, 100));
    await killInside([inTx, midBody], gate.release, pids);

    const rows = await rig.database.db
      .select()
      .from(screenRecordingParts)
      .where(eq(screenRecordingParts.attemptId, attempt.id))
      .orderBy(asc(screenRecordingParts.chunkNumber));
    // Part 4's row is one statement (modules/screen-recording/repository.ts recordPart), not a transaction the
    // server has to end: let through by the gate, it committed though no one was left to answer. Its blob was
    // written whole before it, so a row never names less than its part; the page sends it again and is told it
    // is there. Part 5, cut in its bytes, left nothing.
    expect(rows.map((r) => r.chunkNumber)).toEqual([0, 1, 2, 3, 4]);
    for (const r of rows) {
      expect(rig.blob(r.blobKey)?.equals(parts[r.chunkNumber]), `part ${r.chunkNumber}`).toBe(true);
      expect(r.size).toBe(parts[r.chunkNumber].length);
      if (r.chunkNumber < 4) counts.acknowledged++;
      counts.bytesCompared += r.size;
    }
    expect(rig.tmpFiles()).toEqual([]);

    await rig.start();
    // an acknowledged part sent again changes nothing
    const resent = await upload(3);
    expect(JSON.parse(resent.body)).toEqual({ success: true, received: 5, chunkNumber: 3 });
    // the page sends the cut parts again: part 4 is there already, part 5 is stored now
    for (let i = 4; i < parts.length; i++) {
      const res = await upload(i, i === parts.length - 1 ? parts.length : i + 1);
      expect(res.status, res.body).toBe(200);
      expect(JSON.parse(res.body).received).toBe(i + 1);
    }
    const stored = await rig.database.db
      .select()
      .from(screenRecordingParts)
      .where(eq(screenRecordingParts.attemptId, attempt.id))
      .orderBy(asc(screenRecordingParts.chunkNumber));
    expect(stored.map((r) => r.chunkNumber)).toEqual(parts.map((_, i) => i));
    for (const r of stored)
      expect(rig.blob(r.blobKey)?.equals(parts[r.chunkNumber]), `part ${r.chunkNumber}`).toBe(true);

    // the build: the job composes the MP4, then waits on the gate to record it; the server dies there
    const build = await sendJson(rig.url, who.agentToken, 'POST', buildUrl(attempt.id), {
      sources: ['screen-1.webm'],
      duration: 3,
    });
    expect(build.status, build.body).toBe(202);
    const videoGate = await rig.gate(screenRecordingVideos);
    const jobPids = await videoGate.waiters({ timeoutMs: 60_000 });
    const held = await killInside([], videoGate.release, jobPids);
    const [buildJob] = await rig.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.companyId, who.company.companyId), eq(jobs.kind, BUILD_JOB_KIND)));
    expect(held).toContain(buildJob.id);

    await rig.start();
    await rig.ageJobs(held);
    // taken back by the restarted server's worker and run again to the end
    const after = await eventually(
      'the build job run again by the restarted server',
      async () => {
        const [row] = await rig.database.db.select().from(jobs).where(eq(jobs.id, buildJob.id));
        return row.status === 'running' || row.status === 'queued' ? undefined : row;
      },
      60_000,
    );
    expect(after).toMatchObject({ status: 'done', attempts: 2, error: null });
    const res = await send(rig.url, 'GET', videoUrl(attempt.id), { token: who.agentToken });
    const video = JSON.parse(res.body) as { video_status: string; video_url: string; error: string | null };
    expect(video).toMatchObject({ video_status: 'saved', error: null });
    const mp4 = Buffer.from(await (await fetch(new URL(video.video_url, rig.url))).arrayBuffer());
    const probed = await probe(mp4);
    expect(probed.streams.map((x) => x.codec_type).sort()).toEqual(['audio', 'video']);
    expect(Math.abs(probed.duration - 3)).toBeLessThan(1);
    // and the build's own clean-up is done, as after a build without a crash: the parts' rows and files go
    const leftParts = await rig.database.db
      .select()
      .from(screenRecordingParts)
      .where(eq(screenRecordingParts.attemptId, attempt.id));
    expect(
      leftParts.map((r) => r.chunkNumber),
      `parts rows left after the build (the job's second run: ${JSON.stringify(after.result)})`,
    ).toEqual([]);
    expect(
      stored.filter((r) => rig.blob(r.blobKey) !== null).map((r) => r.chunkNumber),
      'part files left after the build',
    ).toEqual([]);
    counts.jobsTakenBack++;
    expect(await unfinishedJobs(who.company.companyId)).toEqual([]);
  }, 120_000);

  it("a learner's recording of a line: the acknowledged take is kept and graded by the restarted server, the cut one leaves nothing", async () => {
    const who = await people(rig.seed);
    const { attempt, lines } = await spokenAttempt(rig.seed, who);
    const take = await takeWav(2);
    const record = (scriptId: string) =>
      sendForm(
        rig.url,
        who.agentToken,
        '/api/v1/sims/grade-transcription',
        { sim_level_user_response: attempt.id, script_id: scriptId, transcribed_text: 'i can schedule it on monday' },
        [recording(take)],
      );
    const lineOf = async (scriptId: string) => {
      const [row] = await rig.database.db
        .select()
        .from(attemptLines)
        .where(and(eq(attemptLines.attemptId, attempt.id), eq(attemptLines.simScriptId, scriptId)));
      return row;
    };

    // line A acknowledged (its grading job runs in the server); the gate then holds every write to jobs:
    // A's job cannot record its outcome, and line B's upload waits inside its transaction, its line written
    const gate = await rig.gate(jobs, { lockNow: false });
    const first = await record(lines[0].id);
    await gate.lock();
    expect(first.status, first.body).toBe(200);
    const lineA = JSON.parse(first.body).id as string;
    const cut = outcome(record(lines[1].id));
    const pids = await gate.waiters({ holding: attemptLines });
    const held = await killInside([cut], gate.release, pids);

    const a = await lineOf(lines[0].id);
    expect(a).toMatchObject({ id: lineA });
    expect(a.audioKey).toBeTruthy();
    const mp3 = rig.blob(a.audioKey as string);
    expect(mp3, 'the acknowledged recording is in the file store').not.toBeNull();
    expect(Math.abs((await audioSeconds(mp3 as Buffer)) - 2)).toBeLessThan(0.3);
    counts.acknowledged++;
    expect(await lineOf(lines[1].id), 'nothing of the cut upload').toBeUndefined();
    const grading = await rig.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.companyId, who.company.companyId), eq(jobs.kind, LINE_GRADING_JOB_KIND)));
    expect(grading.map((j) => j.payload.line_id)).toEqual([lineA]);
    expect(held, 'the grading job was running when the server died').toContain(grading[0].id);
    expect(rig.tmpFiles()).toEqual([]);
    // the cut take's MP3 was stored before its transaction: no row names it, but its key is pending
    const folder = `attempts/${who.company.companyId}/${attempt.id}`;
    const orphans = rig.blobFiles(folder).filter((key) => key !== a.audioKey);
    expect(orphans).toHaveLength(1);
    const pendingRows = await rig.database.db
      .select()
      .from(pendingBlobs)
      .where(inArray(pendingBlobs.key, [...orphans, a.audioKey!]));
    expect(pendingRows.map((r) => r.key)).toEqual(orphans);
    // an hour later (dated back), the restarted server's sweep deletes it; line A's file stays
    await rig.database.db
      .update(pendingBlobs)
      .set({ createdAt: new Date(Date.now() - 2 * 3600_000) })
      .where(inArray(pendingBlobs.key, orphans));

    await rig.start();
    // the sweep deletes the file, then its pending row: wait for both (on a busy machine the check fell between)
    await eventually('the orphaned take swept by the restarted server', async () =>
      rig.blobFiles(folder).some((key) => orphans.includes(key)) ||
      (await rig.database.db.select().from(pendingBlobs).where(inArray(pendingBlobs.key, orphans))).length > 0
        ? undefined
        : true,
    );
    expect(rig.blobFiles(folder)).toEqual([a.audioKey]);
    expect(await rig.database.db.select().from(pendingBlobs).where(inArray(pendingBlobs.key, orphans))).toEqual([]);
    counts.orphansSwept += orphans.length;
    await rig.ageJobs(held);
    // the job is taken back and run again by the restarted server: it grades line A
    const job = await eventually('the grading job run again by the restarted server', async () => {
      const [row] = await rig.database.db.select().from(jobs).where(eq(jobs.id, grading[0].id));
      return row.status === 'running' || row.status === 'queued' ? undefined : row;
    });
    expect(job).toMatchObject({ status: 'done', attempts: 2, error: null });
    const graded = await lineOf(lines[0].id);
    expect(graded).toMatchObject({ status: 'Completed', audioKey: a.audioKey });
    expect(graded.gradedAt).not.toBeNull();
    counts.jobsTakenBack++;

    // the learner records line B again: accepted and graded as if nothing had happened
    const again = await record(lines[1].id);
    expect(again.status, again.body).toBe(200);
    await eventually('line B graded, its job done', async () =>
      (await unfinishedJobs(who.company.companyId)).length === 0 ? true : undefined,
    );
    expect((await lineOf(lines[1].id)).status).toBe('Completed');
    expect(await unfinishedJobs(who.company.companyId)).toEqual([]);
  });

  it('an Excel import of levels: all or nothing; the acknowledged one is there whole, the cut one not at all', async () => {
    const who = await people(rig.seed);
    const simId = await trainingSim(rig.seed, who.admin);
    const imported: ImportRow[] = [
      ['Intake', 'customer', 'Hello, I need to see a cardiologist.'],
      ['Intake', 'agent', 'I can schedule your appointment on Monday.', 'schedule, Monday'],
      ['Intake', 'customer', 'Monday works.'],
    ];
    const cutRows: ImportRow[] = [
      ['Billing', 'customer', 'Why was I charged twice?'],
      ['Billing', 'agent', 'Let me check your invoice.', 'invoice'],
      ['Closing', 'agent', 'Is there anything else I can help with?', 'anything'],
      ['Closing', 'customer', 'No, thank you.'],
    ];
    const importFile = async (rows: ImportRow[]) =>
      sendForm(rig.url, who.adminToken, '/api/v1/sims/upload-levels', { sim_id: simId }, [
        { field: 'file', filename: 'levels.xlsx', contentType: XLSX_TYPE, data: await levelsWorkbook(rows) },
      ]);
    const asLines = (rows: ImportRow[]) => {
      const out: Record<string, string[][]> = {};
      for (const [level, type, text, keywords] of rows) {
        out[level] ??= [];
        out[level].push([type, text, keywords ?? '']);
      }
      return out;
    };

    const done = await importFile(imported);
    expect(done.status, done.body).toBe(200);
    // the second import: its levels and scripts inserted, the transaction's last write (the sim) gated
    const gate = await rig.gate(sims);
    const cut = outcome(importFile(cutRows));
    const pids = await gate.waiters({ holding: simScripts });
    await killInside([cut], gate.release, pids);

    expect(await levelNames(rig.seed, simId)).toEqual(['Watch and Learn', 'Intake']);
    expect(await linesOfSim(rig.seed, simId)).toEqual(asLines(imported));
    counts.acknowledged += imported.length;

    await rig.start();
    // nothing half-imported: the same file goes in again (a level left behind would answer 409)
    const again = await importFile(cutRows);
    expect(again.status, again.body).toBe(200);
    expect(await levelNames(rig.seed, simId)).toEqual(['Watch and Learn', 'Intake', 'Billing', 'Closing']);
    expect(await linesOfSim(rig.seed, simId)).toEqual(asLines([...imported, ...cutRows]));
    const scripts = await rig.database.db.select().from(simScripts).where(eq(simScripts.simId, simId));
    expect(scripts).toHaveLength(imported.length + cutRows.length);
    expect(await unfinishedJobs(who.company.companyId)).toEqual([]);
  });

  it('a level save: the acknowledged add and rename are there, the cut add and rename are not', async () => {
    const who = await people(rig.seed);
    const simA = await trainingSim(rig.seed, who.admin);
    const simB = await trainingSim(rig.seed, who.admin);
    const add = (simId: string, name: string) =>
      sendJson(rig.url, who.adminToken, 'POST', '/api/v1/sims/add-level', { sim_id: simId, name });
    const rename = (simId: string, levelId: string, name: string) =>
      sendJson(rig.url, who.adminToken, 'PATCH', `/api/v1/sims/editLevel/${levelId}`, { sim_id: simId, name });

    const added = await add(simA, 'Level Two');
    expect(added.status, added.body).toBe(200);
    const levelTwo = JSON.parse(added.body).level._id as string;
    const renamed = await rename(simA, levelTwo, 'Level 2');
    expect(renamed.status, renamed.body).toBe(200);
    const [firstOfB] = await rig.database.db.select().from(sims).where(eq(sims.id, simB));
    const levelsOfB = await levelNames(rig.seed, simB);
    const [watchB] = await rig.database.db.select().from(simLevels).where(eq(simLevels.simId, simB));

    // both cut at the transaction's last write (the sim's updated_at), their level rows written
    const gate = await rig.gate(sims);
    const cutAdd = outcome(add(simA, 'Level Three'));
    const cutRename = outcome(rename(simB, watchB.id, 'Opening'));
    const pids = await gate.waiters({ count: 2, holding: simLevels });
    await killInside([cutAdd, cutRename], gate.release, pids);

    expect(await levelNames(rig.seed, simA)).toEqual(['Watch and Learn', 'Level 2']);
    expect(await levelNames(rig.seed, simB)).toEqual(levelsOfB);
    const [afterB] = await rig.database.db.select().from(sims).where(eq(sims.id, simB));
    expect(afterB.updatedAt).toEqual(firstOfB.updatedAt);
    counts.acknowledged += 2;

    await rig.start();
    const addAgain = await add(simA, 'Level Three');
    expect(addAgain.status, addAgain.body).toBe(200);
    expect(JSON.parse(addAgain.body).level).toMatchObject({ name: 'Level Three', order: 2 });
    const renameAgain = await rename(simB, watchB.id, 'Opening');
    expect(renameAgain.status, renameAgain.body).toBe(200);
    expect(await levelNames(rig.seed, simA)).toEqual(['Watch and Learn', 'Level 2', 'Level Three']);
    expect(await levelNames(rig.seed, simB)).toEqual(['Opening']);
    expect(await unfinishedJobs(who.company.companyId)).toEqual([]);
  });
});
