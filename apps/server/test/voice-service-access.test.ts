import { TAKE_SIM_MESSAGES, VOICE_SERVICE_MESSAGES } from '@sim/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { attempts, jobs } from '../src/db/schema/index';
import { VOICE_SERVICE_JOB_KIND } from '../src/modules/voice-service/service';
import {
  buildHandOffAttempt,
  buildRole,
  buildUser,
  caller,
  expectFailure,
  MISSING_ID,
  staffedCompany,
  testApp,
  tokenFor,
  voiceServiceSuite,
} from './factories';

const MERGE = '/api/v1/sims/snowfly-audio-merge';
const STATUS = (id: string) => `${MERGE}/status?responseId=${id}`;
const notFound = TAKE_SIM_MESSAGES.attemptNotFound;

/** Who may hand off an attempt's audio, and the refusals: not configured, not flagged, not finished, bad input. */
describe('the hand-off: who may send, and the refusals', () => {
  const { ctx, a, b, receiver, clips } = voiceServiceSuite();
  const hasJob = async (attemptId: string) =>
    (
      await ctx.db
        .select()
        .from(jobs)
        .where(and(eq(jobs.kind, VOICE_SERVICE_JOB_KIND), sql`${jobs.payload}->>'attempt_id' = ${attemptId}`))
    ).length > 0;

  it("is the learner's own or a reviewer's of the same company; anybody else gets 404", async () => {
    const mine = await buildHandOffAttempt(ctx, a.users.admin, a.users.agent, clips);
    const other = await buildHandOffAttempt(ctx, a.users.admin, a.users.agent, clips);
    // a member of A without the views of others' results (a custom role), another learner, another company
    const roleId = await buildRole(ctx, a.company, [{ task: 'sim_list', type: 'view' }]);
    const viewer = await buildUser(
      ctx,
      { companyId: a.company.companyId, roleIds: { custom: roleId } },
      { role: 'custom' },
    );
    const blind = caller(ctx, await tokenFor(ctx, viewer));
    for (const as of [a.as.agent2, b.as.admin, b.as.agent, blind]) {
      expectFailure(await as.post(MERGE, { responseId: mine.attemptId }), 404, 'NOT_FOUND', notFound);
      expectFailure(await as.get(STATUS(mine.attemptId)), 404, 'NOT_FOUND', notFound);
    }
    expect(receiver.of(mine.attemptId)).toHaveLength(0);
    expect(await hasJob(mine.attemptId)).toBe(false);
    expectFailure(await a.as.agent.post(MERGE, { responseId: MISSING_ID }), 404, 'NOT_FOUND', notFound);
    // the sim or level sent must be the attempt's
    expectFailure(
      await a.as.agent.post(MERGE, { responseId: mine.attemptId, simId: other.simId }),
      404,
      'NOT_FOUND',
      notFound,
    );
    expectFailure(
      await a.as.agent.post(MERGE, { responseId: mine.attemptId, simLevelId: other.levelId }),
      404,
      'NOT_FOUND',
      notFound,
    );

    const own = await a.as.agent.post(MERGE, {
      responseId: mine.attemptId,
      simId: mine.simId,
      simLevelId: mine.levelId,
      simName: 'ignored',
      levelName: 'ignored',
      levelNum: 99,
      user: 'ignored',
    });
    expect(own.json().data).toMatchObject({ success: true, status: 'sent', snowflyId: `sf-${mine.attemptId}` });
    // the server sends its own values, not the caller's
    expect(receiver.of(mine.attemptId)[0].fields).toMatchObject({ levelNum: '3', user: a.users.agent.id });
    expect(receiver.of(mine.attemptId)[0].fields.simName).not.toBe('ignored');
    for (const as of [a.as.supervisor, a.as.manager]) {
      const res = await as.post(MERGE, { responseId: other.attemptId });
      expect(res.statusCode, res.body).toBe(200);
      expect((await as.get(STATUS(mine.attemptId))).json()).toMatchObject({ status: 'sent', available: true });
    }
    expect(receiver.of(other.attemptId)).toHaveLength(1);
  });

  it('answers 401 signed out and 400 for bad input', async () => {
    const t = await buildHandOffAttempt(ctx, a.users.admin, a.users.agent, clips);
    expectFailure(await a.as.nobody.post(MERGE, { responseId: t.attemptId }), 401, 'UNAUTHORIZED');
    expectFailure(await a.as.nobody.get(STATUS(t.attemptId)), 401, 'UNAUTHORIZED');
    for (const body of [
      {},
      { responseId: 'not-an-id' },
      { responseId: t.attemptId, levelNum: 'three' },
      { responseId: t.attemptId, simId: 42 },
      { responseId: t.attemptId, simName: 'x'.repeat(501) },
    ])
      expectFailure(await a.as.agent.post(MERGE, body), 400, 'INVALID');
    const broken = { 'content-type': 'application/json' };
    expectFailure(
      await a.as.agent.inject({ method: 'POST', url: MERGE, headers: broken, payload: '{"responseId":' }),
      400,
      'INVALID',
    );
    expectFailure(await a.as.agent.get(`${MERGE}/status`), 400, 'INVALID');
    expectFailure(await a.as.agent.get(STATUS('nope')), 400, 'INVALID');
    expect(receiver.of(t.attemptId)).toHaveLength(0);
  });

  it('refuses a level and result not flagged, and an attempt not finished (409), writing nothing', async () => {
    const plain = await buildHandOffAttempt(ctx, a.users.admin, a.users.agent, clips, { levelFlag: false });
    expectFailure(
      await a.as.agent.post(MERGE, { responseId: plain.attemptId }),
      409,
      'CONFLICT',
      VOICE_SERVICE_MESSAGES.notFlagged,
    );
    expect((await a.as.agent.get(STATUS(plain.attemptId))).json()).toEqual({
      success: true,
      status: null,
      snowfly_id: null,
      error: null,
      available: false,
    });
    const running = await buildHandOffAttempt(ctx, a.users.admin, a.users.agent, clips, { status: 'started' });
    expectFailure(
      await a.as.agent.post(MERGE, { responseId: running.attemptId }),
      409,
      'CONFLICT',
      VOICE_SERVICE_MESSAGES.notFinished,
    );
    for (const t of [plain, running]) {
      expect(await hasJob(t.attemptId)).toBe(false);
      expect(receiver.of(t.attemptId)).toHaveLength(0);
      const [row] = await ctx.db.select().from(attempts).where(eq(attempts.id, t.attemptId));
      expect(row.snowflyStatus).toBeNull();
    }
  });
});

describe('the hand-off without VOICE_SERVICE_URL', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx);

  it('is refused with 503 and its clear message, and the button is not offered', async () => {
    const t = await buildHandOffAttempt(ctx, a.users.admin, a.users.agent, new Map(), { skip: [0, 1, 2, 3] });
    expectFailure(
      await a.as.agent.post(MERGE, { responseId: t.attemptId }),
      503,
      'UNAVAILABLE',
      VOICE_SERVICE_MESSAGES.notConfigured,
    );
    expect((await a.as.supervisor.get(STATUS(t.attemptId))).json()).toMatchObject({ status: null, available: false });
    expectFailure(await a.as.agent.post(MERGE, { responseId: MISSING_ID }), 404, 'NOT_FOUND', notFound);
  });
});
