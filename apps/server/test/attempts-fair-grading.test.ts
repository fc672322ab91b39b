import fs from 'node:fs/promises';
import path from 'node:path';
import { SPEECH_LIMITS, SPEECH_MESSAGES, type TLineResultResponse } from '@sim/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { attemptLines, jobs } from '../src/db/schema/index';
import { LINE_GRADING_JOB_KIND } from '../src/modules/attempts/service';
import { expectFailure, recording, type StaffedCompany, startTakeLevel, takeSimSuite } from './factories';

/**
 * Issue 32, fair shares of the decoders. Before: the decoders took recordings first come, first served, so a
 * learner who sent a burst held back everyone who came after it, and a learner could queue any amount of
 * audio. Now the turn goes to each company, then each person in it, in turn; a waiting learner is told how
 * many lines are graded before theirs; and one learner's recordings waiting for grading are capped
 * (SPEECH_LIMITS.maxQueuedDecodeSeconds, 429).
 */
describe('grading in a fair turn, with an honest wait', () => {
  const { stt, ctx, a, b, audio } = takeSimSuite({ decoders: 1 });

  const startLevel = (company: StaffedCompany<{ agent2: true }>, who: 'agent' | 'agent2' = 'agent') =>
    startTakeLevel(ctx, company, who);

  type Seat = Awaited<ReturnType<typeof startLevel>>;

  /** Records a line; answers the line id. */
  async function record(seat: Seat, index: number): Promise<string> {
    const res = await seat.me.record(seat.attempt, seat.lines[index].id, recording(audio.wav));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id;
  }
  const resultOf = async (seat: Seat, lineId: string) => (await seat.me.result(lineId)).json() as TLineResultResponse;

  it('serves the other learners between one learner’s lines, and tells each how many lines are ahead', async () => {
    const [alice, alan, bea] = await Promise.all([startLevel(a), startLevel(a, 'agent2'), startLevel(b)]);
    stt.scheduled.length = 0;
    const release = stt.hold();
    try {
      // Alice's first line takes the one decoder and waits there; then the others queue, in this order
      const first = await record(alice, 0);
      await vi.waitFor(() => expect(stt.scheduled).toHaveLength(1));
      const queued = [await record(alice, 1), await record(alan, 0), await record(alan, 1), await record(bea, 0)];
      const [alice2, alan1, alan2, bea1] = queued;
      const owners = [alice, alan, alan, bea];
      // fair turn: company a (Alice's second), company b (Bea), company a (Alan, then Alan again); first come,
      // first served would have put Bea's line last, three lines behind
      await vi.waitFor(async () => {
        const ahead = await Promise.all(queued.map(async (id, i) => (await resultOf(owners[i], id)).lines_ahead));
        expect(ahead).toEqual([0, 2, 3, 1]);
      });
      const running = await resultOf(alice, first);
      expect(running.status).toBe('Pending');
      expect(running).not.toHaveProperty('lines_ahead');

      release();
      for (const [seat, id] of [
        [alice, alice2],
        [bea, bea1],
        [alan, alan1],
        [alan, alan2],
      ] as const) {
        const graded = await seat.me.graded(id);
        expect(graded.status).toBe('Completed');
        expect(graded).not.toHaveProperty('lines_ahead');
      }
      // the decoder heard them in the fair order, each with its owner
      const order = stt.scheduled.map((h) => h.tag);
      expect(order).toEqual([first, alice2, bea1, alan1, alan2]);
      expect(stt.scheduled[2].owner).toEqual({ companyId: b.company.companyId, userId: bea.userId });
      // another company's learner cannot read the wait of a line not theirs
      expectFailure(await bea.me.result(alice2), 404, 'NOT_FOUND');
    } finally {
      release();
    }
  });

  /** Grading work of a learner that waits, as another instance might hold it. */
  async function backlog(company: StaffedCompany<{ agent2: true }>, userId: string, seconds: number) {
    const [row] = await ctx.db
      .insert(jobs)
      .values({
        companyId: company.company.companyId,
        kind: LINE_GRADING_JOB_KIND,
        payload: { line_id: 'elsewhere', audio_key: 'attempts/elsewhere', seconds },
        createdBy: userId,
        status: 'queued',
        runAfter: new Date(Date.now() + 3_600_000),
      })
      .returning();
    return row.id;
  }

  async function written(companyId: string, attemptId: string) {
    const lines = await ctx.db.select().from(attemptLines).where(eq(attemptLines.attemptId, attemptId));
    const [queued] = await ctx.db
      .select({ n: count() })
      .from(jobs)
      .where(and(eq(jobs.companyId, companyId), eq(jobs.kind, LINE_GRADING_JOB_KIND)));
    const stored = await fs
      .readdir(path.join(ctx.deps.config.dataDir, 'blobs', 'attempts', companyId, attemptId))
      .catch(() => [] as string[]);
    return { lines: lines.length, jobs: queued.n, stored: stored.length };
  }

  it('refuses a learner’s take past their share of waiting audio with 429, nothing written; others go on', async () => {
    const [alice, alan] = await Promise.all([startLevel(a), startLevel(a, 'agent2')]);
    const waiting = await backlog(a, alice.userId, SPEECH_LIMITS.maxQueuedDecodeSeconds - 0.5);
    const before = await written(a.company.companyId, alice.attempt);

    const refused = await alice.me.record(alice.attempt, alice.lines[0].id, recording(audio.wav));
    expectFailure(refused, 429, 'RATE_LIMITED');
    expect(refused.json().message).toBe(SPEECH_MESSAGES.decodeQueueFull);
    expect(await written(a.company.companyId, alice.attempt)).toEqual(before);

    // her colleague's share is his own
    expect((await alan.me.graded(await record(alan, 0))).status).toBe('Completed');

    // once her waiting work is done, she records again
    await ctx.db.update(jobs).set({ status: 'done' }).where(eq(jobs.id, waiting));
    expect((await alice.me.graded(await record(alice, 0))).status).toBe('Completed');
  });

  it('lets only one of two takes sent at once into the last room of the share', async () => {
    const alice = await startLevel(b);
    // room for one 1 s take (its MP3 is a little longer), not for two
    const waiting = await backlog(b, alice.userId, SPEECH_LIMITS.maxQueuedDecodeSeconds - 1.6);
    // the decoder holds the take let in (it waits for grading), so the other one finds the room taken
    const release = stt.hold();
    let answers: Awaited<ReturnType<typeof alice.me.record>>[];
    try {
      answers = await Promise.all(
        [0, 1].map((i) => alice.me.record(alice.attempt, alice.lines[i].id, recording(audio.wav))),
      );
    } finally {
      release();
    }
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    const lines = await ctx.db.select().from(attemptLines).where(eq(attemptLines.attemptId, alice.attempt));
    expect(lines).toHaveLength(1);
    await ctx.db
      .update(jobs)
      .set({ status: 'done' })
      .where(inArray(jobs.id, [waiting]));
  });
});
