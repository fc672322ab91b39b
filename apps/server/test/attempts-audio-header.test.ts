import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { SPEECH_MESSAGES } from '@sim/shared';
import { and, asc, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attemptLines, jobs } from '../src/db/schema/index';
import { runChecked } from '../src/lib/process';
import { LINE_GRADING_JOB_KIND } from '../src/modules/attempts/service';
import { AUDIO_RATE_HZ } from '../src/modules/speech/engines/audio/audio-header';
import {
  type Answer,
  type Caller,
  expectFailure,
  learner,
  recording,
  runPool,
  type StaffedCompany,
  startTakeLevel,
  takeSimSuite,
} from './factories';
import { forgedWav, oneHertzAu } from './forged-audio';

const ONE_HZ = SPEECH_MESSAGES.audioRateImplausible(1, AUDIO_RATE_HZ.min, AUDIO_RATE_HZ.max);

/** A 1 s WebM/Opus take, as MediaRecorder records one (read by ffprobe, not by the WAV check). */
async function opusWebm(): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sim-opus-'));
  try {
    const out = path.join(dir, 'take.webm');
    await runChecked('ffmpeg', [
      '-nostdin',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=330:duration=1:sample_rate=48000',
      '-c:a',
      'libopus',
      '-f',
      'webm',
      out,
    ]);
    return await fs.readFile(out);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Issue 32, item 1: a learner's recording of a line is measured from its data. A header whose rate is not a
 * recording's (1 Hz) or that declares more audio than the file holds is refused with 400 and the reason,
 * before anything is converted, stored or queued: the line keeps what it had.
 */
describe('a line recording whose header does not fit its data', () => {
  const { stt, ctx, a, b, audio } = takeSimSuite();
  const webm: { opus: Buffer } = { opus: Buffer.alloc(0) };

  beforeAll(async () => {
    webm.opus = await opusWebm();
  });

  const startLevel = (company: StaffedCompany<{ agent2: true }>, who: 'agent' | 'agent2' = 'agent') =>
    startTakeLevel(ctx, company, who);

  /** What a take could have written: the attempt's lines, the company's grading jobs, stored and temporary files. */
  async function written(companyId: string, attemptId: string) {
    const lines = await ctx.db
      .select()
      .from(attemptLines)
      .where(eq(attemptLines.attemptId, attemptId))
      .orderBy(asc(attemptLines.id));
    const [queued] = await ctx.db
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.companyId, companyId), eq(jobs.kind, LINE_GRADING_JOB_KIND)));
    const stored = await fs
      .readdir(path.join(ctx.deps.config.dataDir, 'blobs', 'attempts', companyId, attemptId))
      .catch(() => [] as string[]);
    const temporary = await fs.readdir(path.join(ctx.deps.config.dataDir, 'tmp')).catch(() => [] as string[]);
    return { lines, jobs: queued.n, stored: stored.sort(), temporary };
  }

  it.each([
    ['a 16 KB WAV saying 1 Hz', () => recording(forgedWav({ rate: 1 })), ONE_HZ],
    ['a WAV saying 400 kHz', () => recording(forgedWav({ rate: 400_000 })), /400000 Hz/],
    [
      'a WAV whose data chunk declares ten times its bytes',
      () => recording(forgedWav({ rate: 16_000, bytes: 16_000, declared: 160_000 })),
      SPEECH_MESSAGES.audioLengthMismatch,
    ],
    ['a .au saying 1 Hz (read by ffprobe)', () => recording(oneHertzAu(), 'audio/basic', 'take.au'), ONE_HZ],
  ])('refuses %s with 400 and the reason, the line left as it was', async (_, forged, message) => {
    const { me, attempt, lines } = await startLevel(a);
    const kept = await me.record(attempt, lines[0].id, recording(audio.wav));
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await me.graded(kept.json().id)).status).toBe('Completed');
    const before = await written(a.company.companyId, attempt);

    for (const line of [lines[0], lines[1]]) {
      const res = await me.record(attempt, line.id, forged());
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'INVALID', field: 'audio_blob' });
      expect(res.json().message).toMatch(message);
    }
    // the recorded line keeps its take, the other line was not made, nothing stored, queued or left behind
    expect(await written(a.company.companyId, attempt)).toEqual(before);
    expect((await me.result(kept.json().id)).json()).toMatchObject({ status: 'Completed' });
  });

  it('takes a WebM/Opus recording as before (its rate read by ffprobe)', async () => {
    const { me, attempt, lines } = await startLevel(a);
    const res = await me.record(attempt, lines[0].id, recording(webm.opus, 'audio/webm;codecs=opus', 'take.webm'));
    expect(res.statusCode, res.body).toBe(200);
    expect((await me.graded(res.json().id)).status).toBe('Completed');
  });

  it('keeps each company to its own lines while learners send good and forged takes and staff read', async () => {
    const release = stt.hold();
    const companies = [a, b] as const;
    const seats = await Promise.all(
      companies.flatMap((company) =>
        (['agent', 'agent2'] as const).map(async (who) => ({
          company,
          as: company.as[who],
          ...(await startLevel(company, who)),
        })),
      ),
    );
    type Check = { company: StaffedCompany<{ agent2: true }>; res: Answer; status: number; message?: string };
    const tasks: (() => Promise<Check>)[] = [];
    for (const seat of seats) {
      const other = seats.find((s) => s.company !== seat.company)!;
      const check = (status: number, send: () => Promise<Answer>, message?: string) =>
        tasks.push(async () => ({ company: seat.company, res: await send(), status, message }));
      check(200, () => seat.me.record(seat.attempt, seat.lines[0].id, recording(audio.wav)));
      check(400, () => seat.me.record(seat.attempt, seat.lines[1].id, recording(forgedWav())), ONE_HZ);
      check(
        400,
        () => seat.me.record(seat.attempt, seat.lines[0].id, recording(forgedWav({ rate: 8000, declared: 1 << 30 }))),
        SPEECH_MESSAGES.audioLengthMismatch,
      );
      check(400, () => seat.me.record(seat.attempt, seat.lines[1].id, recording(oneHertzAu(), 'audio/basic')), ONE_HZ);
      // another company's learner on this attempt: 404 before the recording is looked at
      check(404, () =>
        learner(other.as, other.assignmentId).record(seat.attempt, seat.lines[0].id, recording(forgedWav())),
      );
      const staff: Caller[] = [seat.company.as.admin, seat.company.as.supervisor, seat.company.as.manager];
      for (const as of staff) {
        check(200, () => as.get(`/api/v1/sims/learner-sim?assignment_id=${seat.assignmentId}`));
        check(200, () => as.get('/api/v1/sims/assignment/list?skip=0&limit=50'));
      }
    }
    const order = tasks
      .map((t, i) => [Math.sin(i * 7919), t] as const)
      .sort((x, y) => x[0] - y[0])
      .map(([, t]) => t);
    const answers = await runPool(order, 8);
    release();

    const idsOf = (company: StaffedCompany<{ agent2: true }>) =>
      seats
        .filter((s) => s.company === company)
        .flatMap((s) => [s.company.company.companyId, s.attempt, s.assignmentId, s.sim.simId]);
    for (const { company, res, status, message } of answers) {
      expect(res.statusCode, res.body).toBe(status);
      if (message) expect(res.json()).toMatchObject({ success: false, code: 'INVALID', message });
      for (const id of idsOf(company === a ? b : a)) expect(res.body).not.toContain(id);
    }
    for (const seat of seats) {
      const companyId = seat.company.company.companyId;
      const lines = await ctx.db.select().from(attemptLines).where(eq(attemptLines.attemptId, seat.attempt));
      // the good take only: on its line, filed under its company and attempt; the forged line never made
      expect(lines.map((l) => l.simScriptId)).toEqual([seat.lines[0].id]);
      expect(lines[0].audioKey).toMatch(new RegExp(`^attempts/${companyId}/${seat.attempt}/${seat.lines[0].id}-`));
      expect((await seat.me.graded(lines[0].id)).status).toBe('Completed');
      const other = seats.find((s) => s.company !== seat.company)!;
      expectFailure(await learner(other.as, other.assignmentId).result(lines[0].id), 404, 'NOT_FOUND');
    }
  }, 120_000);
});
