import { TAKE_SIM_MESSAGES, VOICE_SERVICE_MESSAGES } from '@sim/shared';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attempts } from '../src/db/schema/index';
import {
  type Answer,
  buildHandOffAttempt,
  busyJob,
  type Caller,
  type HandOffAttempt,
  runPool,
  type StaffedCompany,
  voiceServiceSuite,
} from './factories';

const MERGE = '/api/v1/sims/snowfly-audio-merge';
const STATUS = (id: string) => `${MERGE}/status?responseId=${id}`;

/**
 * Two companies at once: learners hand off their attempts (each one twice at the same moment), supervisors
 * read the states, each company's callers try the other's ids, and a background job keeps the database
 * busy. Every attempt is posted exactly once with its own company's fields; foreign ids answer 404.
 */
describe('hand-offs in two companies at once', () => {
  const { ctx, a, b, receiver, clips } = voiceServiceSuite();

  it('posts each attempt once, with its own fields, and never crosses companies', async () => {
    type Company = StaffedCompany<{ agent2: true }>;
    const seats: { company: Company; as: Caller; t: HandOffAttempt }[] = [];
    const unflagged = new Map<Company, HandOffAttempt>();
    for (const company of [a, b]) {
      for (const key of ['agent', 'agent', 'agent2'] as const)
        seats.push({
          company,
          as: company.as[key],
          t: await buildHandOffAttempt(ctx, company.users.admin, company.users[key], clips, {
            order: seats.length % 3,
          }),
        });
      unflagged.set(
        company,
        await buildHandOffAttempt(ctx, company.users.admin, company.users.agent, clips, { levelFlag: false }),
      );
    }
    receiver.respond((post) => ({ status: 200, delayMs: 50, body: { snowflyId: `sf-${post.fields.responseId}` } }));
    const busy = busyJob(ctx, a.company.companyId);
    const busyId = await busy.start();

    const checks: { expect: 'sent' | 'status' | 404 | 409; run: () => Promise<Answer> }[] = [];
    for (const seat of seats) {
      const other = seat.company === a ? b : a;
      const send = () => seat.as.post(MERGE, { responseId: seat.t.attemptId });
      checks.push({ expect: 'sent', run: send }, { expect: 'sent', run: send });
      checks.push({ expect: 'status', run: () => seat.company.as.supervisor.get(STATUS(seat.t.attemptId)) });
      checks.push({ expect: 404, run: () => other.as.admin.post(MERGE, { responseId: seat.t.attemptId }) });
      checks.push({ expect: 404, run: () => other.as.supervisor.get(STATUS(seat.t.attemptId)) });
    }
    for (const [company, t] of unflagged)
      checks.push({ expect: 409, run: () => company.as.agent.post(MERGE, { responseId: t.attemptId }) });

    const answers = await runPool(
      checks.map((c) => c.run),
      8,
    );
    for (const [i, res] of answers.entries()) {
      const c = checks[i];
      if (c.expect === 404) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().message).toBe(TAKE_SIM_MESSAGES.attemptNotFound);
      } else if (c.expect === 409) {
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().message).toBe(VOICE_SERVICE_MESSAGES.notFlagged);
      } else if (c.expect === 'sent') {
        // the first of a pair waits for the service; the second finds it queued or already sent
        expect([200, 202], res.body).toContain(res.statusCode);
        expect(res.json().data.success).toBe(true);
      } else expect(res.statusCode, res.body).toBe(200);
    }

    // every hand-off settles as sent, posted exactly once with its own company's values
    for (const seat of seats) {
      const until = Date.now() + 15_000;
      let state = (await seat.as.get(STATUS(seat.t.attemptId))).json();
      while (state.status === 'queued' && Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        state = (await seat.as.get(STATUS(seat.t.attemptId))).json();
      }
      expect(state).toMatchObject({ status: 'sent', snowfly_id: `sf-${seat.t.attemptId}` });
      const posts = receiver.of(seat.t.attemptId);
      expect(posts).toHaveLength(1);
      expect(posts[0].fields).toMatchObject({
        simId: seat.t.simId,
        simLevelId: seat.t.levelId,
        user: seat.t.userId,
        levelNum: String(seat.t.levelOrder + 1),
      });
    }
    const rows = await ctx.db
      .select({ id: attempts.id, companyId: attempts.companyId, snowflyId: attempts.snowflyId })
      .from(attempts)
      .where(
        inArray(
          attempts.id,
          seats.map((s) => s.t.attemptId),
        ),
      );
    for (const seat of seats)
      expect(rows.find((r) => r.id === seat.t.attemptId)).toEqual({
        id: seat.t.attemptId,
        companyId: seat.company.company.companyId,
        snowflyId: `sf-${seat.t.attemptId}`,
      });
    for (const t of unflagged.values()) expect(receiver.of(t.attemptId)).toHaveLength(0);

    const { row, warnings } = await busy.finish(busyId);
    expect(row.status).toBe('done');
    expect(warnings).toEqual([]);
  });
});
