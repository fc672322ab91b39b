import { RESULT_LIMITS, RESULT_TEXTS, REVIEW_MESSAGES, type TUserResultResponse } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attempts, users } from '../src/db/schema/index';
import {
  buildAssignment,
  buildResult,
  buildRole,
  buildTakeSim,
  buildUser,
  caller,
  expectFailure,
  reviewCalls,
  staffedCompany,
  type TakeSim,
  type TestAssignment,
  testApp,
  tokenFor,
} from './factories';

/** GET get-assessor-notes/{id} and POST save-assessor-notes/{id}: the notes of a result, by permission. */
describe('assessor notes', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx);
  let sim: TakeSim;
  let assignment: TestAssignment;
  let attemptId: string;

  /** A caller of company A holding a non-learner role with exactly these grants (plus review views). */
  const withGrants = async (types: ('view' | 'create' | 'update')[]) => {
    const roleId = await buildRole(ctx, a.company, [
      { task: 'review_assignments', type: 'view' },
      { task: 'employee_list', type: 'view' },
      ...types.map((type) => ({ task: 'assessor_notes' as const, type })),
    ]);
    const user = await buildUser(ctx, a.company, { role: 'x' });
    await ctx.db.update(users).set({ roleId }).where(eq(users.id, user.id));
    return caller(ctx, await tokenFor(ctx, user));
  };
  const stored = async () => (await ctx.db.select().from(attempts).where(eq(attempts.id, attemptId)))[0].assessorNotes;

  beforeAll(async () => {
    sim = await buildTakeSim(ctx, a.users.admin);
    assignment = await buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId: sim.simId,
      userId: a.users.agent.id,
      status: 'COMPLETED',
    });
    attemptId = (await buildResult(ctx, assignment, sim.levels[1])).attempt.id;
  });

  it('are created, then updated, by reviewers; read by the learner; shown in the result', async () => {
    const sofia = reviewCalls(a.as.supervisor);
    expect((await sofia.notes(attemptId)).json()).toEqual({ success: true, _id: attemptId, assessor_notes: null });
    expectFailure(await sofia.saveNotes(attemptId, '   '), 400, 'INVALID', RESULT_TEXTS.notesRequired);
    const created = await sofia.saveNotes(attemptId, '  Good greeting; missed the ID check.  ');
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({
      success: true,
      _id: attemptId,
      assessor_notes: 'Good greeting; missed the ID check.',
      message: RESULT_TEXTS.notesSaved,
    });
    expect(await stored()).toBe('Good greeting; missed the ID check.');
    const updated = await reviewCalls(a.as.manager).saveNotes(attemptId, 'Second look: fine.', true);
    expect(updated.json()).toMatchObject({ assessor_notes: 'Second look: fine.' });
    // the learner reads them (assessor_notes view), in the call and in the result
    expect((await reviewCalls(a.as.agent).notes(attemptId)).json()).toMatchObject({
      assessor_notes: 'Second look: fine.',
    });
    const result = await reviewCalls(a.as.agent).result({
      assignment_id: assignment.id,
      sim_id: sim.simId,
      levelId: sim.levels[1].id,
    });
    expect((result.json() as TUserResultResponse).assessor_notes).toBe('Second look: fine.');
    expectFailure(
      await reviewCalls(a.as.supervisor).saveNotes(attemptId, 'x'.repeat(RESULT_LIMITS.assessorNotesMax + 1), true),
      400,
      'INVALID',
    );
  });

  it('follow create and update permissions by what is stored; learners never write', async () => {
    const fresh = (await buildResult(ctx, assignment, sim.levels[0])).attempt.id;
    const onlyUpdate = reviewCalls(await withGrants(['view', 'update']));
    const onlyCreate = reviewCalls(await withGrants(['view', 'create']));
    const viewOnly = reviewCalls(await withGrants(['view']));
    expectFailure(await viewOnly.saveNotes(fresh, 'note'), 403, 'FORBIDDEN');
    // the client's edit flag does not decide: a note is stored or not
    expectFailure(await onlyUpdate.saveNotes(fresh, 'note', true), 403, 'FORBIDDEN', RESULT_TEXTS.noCreate);
    expect((await onlyCreate.saveNotes(fresh, 'first')).statusCode).toBe(200);
    expectFailure(await onlyCreate.saveNotes(fresh, 'second', false), 403, 'FORBIDDEN', RESULT_TEXTS.noUpdate);
    expect((await onlyUpdate.saveNotes(fresh, 'second', true)).statusCode).toBe(200);
    expect((await viewOnly.notes(fresh)).json()).toMatchObject({ assessor_notes: 'second' });

    // a learner: no create/update permission (403); another learner's result is 404 even to read
    expectFailure(await reviewCalls(a.as.agent).saveNotes(fresh, 'mine'), 403, 'FORBIDDEN');
    expectFailure(await reviewCalls(a.as.agent2).notes(fresh), 404, 'NOT_FOUND');
    // a reviewer's own result
    const own = await buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId: sim.simId,
      userId: a.users.supervisor.id,
      status: 'COMPLETED',
    });
    const ownAttempt = (await buildResult(ctx, own, sim.levels[0])).attempt.id;
    expectFailure(
      await reviewCalls(a.as.supervisor).saveNotes(ownAttempt, 'I did well'),
      403,
      'FORBIDDEN',
      REVIEW_MESSAGES.assessorOwnResult,
    );
    // an attempt still started is no result
    const started = (await buildResult(ctx, assignment, sim.levels[0], { status: 'started' })).attempt.id;
    expectFailure(await reviewCalls(a.as.supervisor).notes(started), 404, 'NOT_FOUND');
    // another company: 404 to read and to write
    expectFailure(await reviewCalls(b.as.admin).notes(fresh), 404, 'NOT_FOUND');
    expectFailure(await reviewCalls(b.as.admin).saveNotes(fresh, 'theirs'), 404, 'NOT_FOUND');
    expectFailure(await reviewCalls(a.as.nobody).notes(fresh), 401, 'UNAUTHORIZED');
    expectFailure(await a.as.admin.get('/api/v1/sims/get-assessor-notes/12'), 400, 'INVALID');
    expectFailure(
      await a.as.admin.post(`/api/v1/sims/save-assessor-notes/${fresh}`, { assessor_notes: 3 }),
      400,
      'INVALID',
    );
    expect((await ctx.db.select().from(attempts).where(eq(attempts.id, fresh)))[0].assessorNotes).toBe('second');
  });
});
