import { ASSIGNMENT_MESSAGES as M, MESSAGES, newAssignmentNotification, ROLE_NAMES } from '@sim/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  assignments,
  attemptLines,
  auditLog,
  groupMembers,
  notificationRecipients,
  notifications,
  roles,
  simLevels,
  sims,
  tools,
  users,
} from '../src/db/schema/index';
import {
  buildAssignment,
  buildGroup,
  buildLevel,
  buildLevelAttempts,
  buildRole,
  buildScriptedSim,
  buildSim,
  buildStaffedCompany,
  buildUser,
  expectFailure,
  levelsOf,
  MISSING_ID,
  staffedCompany,
  testApp,
  unique,
  userWithGrants,
} from './factories';

const ADD = '/api/v1/sims/assignment/add';
const OPTIONS = '/api/v1/sims/assignment/options';
const NOTES = (id: string) => `/api/v1/sims/save-assignment-notes/${id}`;
const DELETE = (id: string) => `/api/v1/sims/delete-assignment/${id}`;
const STATUS = (id: string) => `/api/v1/sims/assignment/status/${id}`;
const USER_COUNT = '/api/v1/users/count';

describe('assignments: add, instruction, delete, status, choices', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });
  let simA: { simId: string; tool: string; title: string };
  let simB: { simId: string; tool: string; title: string };

  const simOf = async (simId: string) => {
    const [row] = await ctx.db.select().from(sims).where(eq(sims.id, simId));
    return { simId, tool: row.productId, title: row.title };
  };
  const rowsOf = (ids: string[]) => ctx.db.select().from(assignments).where(inArray(assignments.id, ids));
  const assign = (over: Record<string, unknown> = {}) =>
    buildAssignment(ctx, {
      companyId: a.company.companyId,
      simId: simA.simId,
      userId: a.users.agent.id,
      ...over,
    } as Parameters<typeof buildAssignment>[1]);

  beforeAll(async () => {
    simA = await simOf((await buildScriptedSim(ctx, a.users.admin, { title: unique('Intake') })).simId);
    simB = await simOf((await buildScriptedSim(ctx, b.users.admin)).simId);
  });

  describe('POST /api/v1/sims/assignment/add', () => {
    it('assigns a sim to a member with an instruction, recorded in the audit log', async () => {
      const res = await a.as.admin.post(ADD, {
        tool: simA.tool,
        assigned_sim: simA.simId,
        user_id: a.users.agent.id,
        assignment_notes: '  Take level 1 twice  ',
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toEqual({ success: true, message: M.added, assignments: [expect.any(String)] });
      const [row] = await rowsOf(body.assignments);
      expect(row).toMatchObject({
        companyId: a.company.companyId,
        simId: simA.simId,
        toolId: simA.tool,
        assignedToId: a.users.agent.id,
        assignedById: a.users.admin.id,
        groupId: null,
        notes: 'Take level 1 twice',
        status: 'NOT STARTED',
        completedSeen: false,
      });
      const [entry] = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'assignment.create'), eq(auditLog.targetId, simA.simId)));
      expect(entry).toMatchObject({
        companyId: a.company.companyId,
        actorId: a.users.admin.id,
        targetType: 'sim',
        details: { assignment_ids: body.assignments, user_ids: [a.users.agent.id], group_id: null },
      });
      // the learner sees it on My Assignments
      const mine = (await a.as.agent.get('/api/v1/sims/assignment/list?tab=MY_ASSIGNMENT&limit=100')).json();
      expect(mine.assignments.map((r: { _id: string }) => r._id)).toContain(body.assignments[0]);
    });

    it('assigns to a group: one row per current assignable member, each carrying the group', async () => {
      const left = await buildUser(ctx, a.company, { role: ROLE_NAMES.agent, firstName: 'Left' });
      const suspended = await buildUser(ctx, a.company, { role: ROLE_NAMES.agent, firstName: 'Suspended' });
      const group = await buildGroup(ctx, a.company, {
        members: [a.users.agent.id, a.users.agent2.id, a.users.supervisor.id, left.id, suspended.id],
      });
      await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, left.id));
      await ctx.db.update(users).set({ status: 'inActive' }).where(eq(users.id, suspended.id));
      const res = await a.as.manager.post(ADD, { tool: simA.tool, assigned_sim: simA.simId, group_id: group.id });
      expect(res.statusCode, res.body).toBe(200);
      const made = res.json().assignments as string[];
      expect(made).toHaveLength(3);
      const rows = await rowsOf(made);
      expect(rows.map((r) => r.assignedToId).sort()).toEqual(
        [a.users.agent.id, a.users.agent2.id, a.users.supervisor.id].sort(),
      );
      for (const r of rows)
        expect(r).toMatchObject({
          groupId: group.id,
          status: 'NOT STARTED',
          assignedById: a.users.manager.id,
          notes: '',
        });
      // each assigned member is told in the bell, once, by the assigner
      const told = await ctx.db
        .select({ userId: notificationRecipients.userId, message: notifications.message, by: notifications.createdBy })
        .from(notificationRecipients)
        .innerJoin(notifications, eq(notifications.id, notificationRecipients.notificationId))
        .where(
          and(
            eq(notifications.message, newAssignmentNotification(simA.title)),
            eq(notifications.createdBy, a.users.manager.id),
          ),
        );
      expect(told.map((t) => t.userId).sort()).toEqual(rows.map((r) => r.assignedToId).sort());
      const inbox = (await a.as.agent2.get('/api/v1/users/notification-listing')).json();
      expect(inbox.notifList[0]).toMatchObject({ isNew: true, message: newAssignmentNotification(simA.title) });
      // the member added later is not assigned retroactively
      await ctx.db.insert(groupMembers).values({ groupId: group.id, userId: a.users.manager.id });
      expect(await ctx.db.select().from(assignments).where(eq(assignments.groupId, group.id))).toHaveLength(3);
    });

    it('refuses a group with no assignable member (400) and one of another company (404)', async () => {
      const empty = await buildGroup(ctx, a.company);
      expectFailure(
        await a.as.admin.post(ADD, { tool: simA.tool, assigned_sim: simA.simId, group_id: empty.id }),
        400,
        'INVALID',
        M.groupEmpty,
      );
      const theirs = await buildGroup(ctx, b.company, { members: [b.users.agent.id] });
      expectFailure(
        await a.as.admin.post(ADD, { tool: simA.tool, assigned_sim: simA.simId, group_id: theirs.id }),
        404,
        'NOT_FOUND',
        M.groupNotFound,
      );
      expect(await ctx.db.select().from(assignments).where(eq(assignments.groupId, theirs.id))).toEqual([]);
    });

    it('keeps another company out: its sim, its member (404)', async () => {
      expectFailure(
        await a.as.admin.post(ADD, { tool: simB.tool, assigned_sim: simB.simId, user_id: a.users.agent.id }),
        404,
        'NOT_FOUND',
        M.simNotFound,
      );
      expectFailure(
        await a.as.admin.post(ADD, { tool: simA.tool, assigned_sim: simA.simId, user_id: b.users.agent.id }),
        404,
        'NOT_FOUND',
        M.memberNotFound,
      );
      expect(await ctx.db.select().from(assignments).where(eq(assignments.assignedToId, b.users.agent.id))).toEqual([]);
    });

    it('refuses a tool that is not the sim product (400), a trashed sim (404), a draft or levelless sim (422)', async () => {
      const [otherTool] = await ctx.db.select().from(tools).where(eq(tools.name, 'Hiring SIM'));
      const wrong = otherTool.id === simA.tool ? MISSING_ID : otherTool.id;
      expectFailure(
        await a.as.admin.post(ADD, { tool: wrong, assigned_sim: simA.simId, user_id: a.users.agent.id }),
        400,
        'INVALID',
        M.toolMismatch,
      );
      const trashed = await simOf(await buildSim(ctx, a.users.admin, { deletedAt: new Date() }));
      expectFailure(
        await a.as.admin.post(ADD, { tool: trashed.tool, assigned_sim: trashed.simId, user_id: a.users.agent.id }),
        404,
        'NOT_FOUND',
        M.simNotFound,
      );
      const draft = await simOf(await buildSim(ctx, a.users.admin, { draft: true }));
      expectFailure(
        await a.as.admin.post(ADD, { tool: draft.tool, assigned_sim: draft.simId, user_id: a.users.agent.id }),
        422,
        'RULE_BROKEN',
        M.simNotReady,
      );
    });

    it('needs assignment create (403 for a supervisor and an agent, forged headers or not)', async () => {
      const body = { tool: simA.tool, assigned_sim: simA.simId, user_id: a.users.agent.id };
      for (const as of [a.as.agent, a.as.supervisor]) {
        const res = await as.inject({
          method: 'POST',
          url: ADD,
          payload: body,
          headers: { task: 'assignment', type: 'create' },
        });
        expectFailure(res, 403, 'FORBIDDEN', MESSAGES.forbidden);
      }
      expectFailure(await a.as.nobody.post(ADD, body), 401, 'UNAUTHORIZED');
    });

    it('needs notes_to_user create for an instruction written with the assignment', async () => {
      const creator = await userWithGrants(ctx, a.company, [
        { task: 'assignment', type: 'view' },
        { task: 'assignment', type: 'create' },
      ]);
      const body = { tool: simA.tool, assigned_sim: simA.simId, user_id: a.users.agent2.id };
      expectFailure(await creator.as.post(ADD, { ...body, assignment_notes: 'Do it' }), 403, 'FORBIDDEN', M.noCreate);
      const plain = await creator.as.post(ADD, body);
      expect(plain.statusCode, plain.body).toBe(200);
    });

    it('refuses bad bodies with the 400 envelope', async () => {
      const base = { tool: simA.tool, assigned_sim: simA.simId };
      const bad: [unknown, string?][] = [
        [base, M.memberOrGroup],
        [{ ...base, user_id: a.users.agent.id, group_id: MISSING_ID }, M.memberOrGroup],
        [{ ...base, user_id: 42 }],
        [{ ...base, user_id: 'not-a-uuid' }],
        [{ ...base, tool: ['x'], user_id: a.users.agent.id }],
        [{ ...base, user_id: a.users.agent.id, assignment_notes: 'a\u0000b' }],
        [{ ...base, user_id: a.users.agent.id, assignment_notes: 'x'.repeat(2001) }],
        [{ assigned_sim: simA.simId, user_id: a.users.agent.id }],
      ];
      for (const [payload, message] of bad) {
        const res = await a.as.admin.post(ADD, payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
        expect(res.json()).toMatchObject({ success: false, code: 'INVALID', ...(message ? { message } : {}) });
      }
    });
  });

  describe('GET /api/v1/sims/assignment/options', () => {
    it('answers the tools, the assignable sims of the tool, the members with their role and the groups', async () => {
      const draft = await buildSim(ctx, a.users.admin, { productId: simA.tool, draft: true });
      const trashed = await buildSim(ctx, a.users.admin, { productId: simA.tool, deletedAt: new Date() });
      const group = await buildGroup(ctx, a.company, { members: [a.users.agent.id, a.users.agent2.id] });
      const res = await a.as.admin.get(`${OPTIONS}?tool=${simA.tool}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      const allTools = await ctx.db.select().from(tools);
      expect(body.tools.map((t: { _id: string }) => t._id).sort()).toEqual(allTools.map((t) => t.id).sort());
      const simIds = body.sims.map((s: { _id: string }) => s._id);
      expect(simIds).toContain(simA.simId);
      expect(simIds).not.toContain(draft);
      expect(simIds).not.toContain(trashed);
      expect(simIds).not.toContain(simB.simId);
      expect(body.members).toContainEqual({
        _id: a.users.agent.id,
        name: `Alex ${a.users.agent.lastName}`,
        role: ROLE_NAMES.agent,
        profile_pic: null,
      });
      expect(body.members.map((m: { _id: string }) => m._id)).not.toContain(b.users.agent.id);
      expect(body.groups).toContainEqual({ _id: group.id, name: group.name, member_count: 2 });
      // no tool chosen yet: no sims
      expect((await a.as.admin.get(OPTIONS)).json().sims).toEqual([]);
      expectFailure(await a.as.agent.get(OPTIONS), 403, 'FORBIDDEN');
      expectFailure(await a.as.admin.get(`${OPTIONS}?tool=nope`), 400, 'INVALID');
    });
  });

  describe('POST /api/v1/sims/save-assignment-notes/:id', () => {
    it('writes the instruction: create when blank, update when written (with the spec tooltips)', async () => {
      const blank = await assign();
      const res = await a.as.admin.post(NOTES(blank.id), { assignment_notes: 'Focus on empathy', edit: false });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: M.notesSaved });
      expect((await rowsOf([blank.id]))[0].notes).toBe('Focus on empathy');

      const createOnly = await userWithGrants(ctx, a.company, [{ task: 'notes_to_user', type: 'create' }]);
      const updateOnly = await userWithGrants(ctx, a.company, [{ task: 'notes_to_user', type: 'update' }]);
      expectFailure(
        await createOnly.as.post(NOTES(blank.id), { assignment_notes: 'Overwrite', edit: true }),
        403,
        'FORBIDDEN',
        M.noUpdate,
      );
      // a stale "add" (edit false) over a written instruction is an update too
      expectFailure(
        await createOnly.as.post(NOTES(blank.id), { assignment_notes: 'Overwrite', edit: false }),
        403,
        'FORBIDDEN',
        M.noUpdate,
      );
      const edited = await updateOnly.as.post(NOTES(blank.id), { assignment_notes: 'Edited', edit: true });
      expect(edited.statusCode, edited.body).toBe(200);
      expect((await rowsOf([blank.id]))[0].notes).toBe('Edited');

      const other = await assign();
      expectFailure(
        await updateOnly.as.post(NOTES(other.id), { assignment_notes: 'New', edit: false }),
        403,
        'FORBIDDEN',
        M.noCreate,
      );
      const created = await createOnly.as.post(NOTES(other.id), { assignment_notes: 'New' });
      expect(created.statusCode, created.body).toBe(200);
      // the supervisor (notes_to_user view only) and the agent: 403 at the door
      expectFailure(await a.as.supervisor.post(NOTES(other.id), { assignment_notes: 'x' }), 403, 'FORBIDDEN');
      expectFailure(await a.as.agent.post(NOTES(other.id), { assignment_notes: 'x' }), 403, 'FORBIDDEN');
      expect((await rowsOf([other.id]))[0].notes).toBe('New');
    });

    it('refuses bad input (400) and unknown ids (404)', async () => {
      const row = await assign();
      for (const payload of [
        {},
        { assignment_notes: 5 },
        { assignment_notes: 'a\u0000b' },
        { assignment_notes: 'x', edit: 'yes' },
      ])
        expectFailure(await a.as.admin.post(NOTES(row.id), payload), 400, 'INVALID');
      expectFailure(await a.as.admin.post(NOTES('abc'), { assignment_notes: 'x' }), 400, 'INVALID');
      expectFailure(await a.as.admin.post(NOTES(MISSING_ID), { assignment_notes: 'x' }), 404, 'NOT_FOUND');
    });
  });

  describe('DELETE /api/v1/sims/delete-assignment/:id', () => {
    it('deletes a NOT STARTED assignment, recorded in the audit log', async () => {
      const row = await assign();
      const res = await a.as.admin.delete(DELETE(row.id));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: M.deleted });
      expect(await rowsOf([row.id])).toEqual([]);
      const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, row.id));
      expect(entry).toMatchObject({
        action: 'assignment.delete',
        actorId: a.users.admin.id,
        details: { sim_id: simA.simId, user_id: a.users.agent.id },
      });
      expectFailure(await a.as.admin.delete(DELETE(row.id)), 404, 'NOT_FOUND');
    });

    it('refuses any other status with 409 and keeps the row', async () => {
      for (const status of ['IN PROGRESS', 'COMPLETED', 'PENDING REVIEW', 'PASS', 'NO PASS'] as const) {
        const row = await assign({ status });
        expectFailure(await a.as.admin.delete(DELETE(row.id)), 409, 'CONFLICT', M.onlyNotStarted);
        expect(await rowsOf([row.id])).toHaveLength(1);
      }
    });

    it('needs assignment delete (403 for the supervisor and the agent)', async () => {
      const row = await assign();
      expectFailure(await a.as.supervisor.delete(DELETE(row.id)), 403, 'FORBIDDEN');
      expectFailure(await a.as.agent.delete(DELETE(row.id)), 403, 'FORBIDDEN');
      expectFailure(await a.as.admin.delete(DELETE('12')), 400, 'INVALID');
      expect(await rowsOf([row.id])).toHaveLength(1);
    });
  });

  describe('GET /api/v1/sims/assignment/status/:id', () => {
    it('answers the status and send_for_review from the attempts; the learner opening it clears the badge', async () => {
      const row = await assign({ status: 'COMPLETED', reviewComments: 'Try again the close' });
      const second = await buildLevel(ctx, simA.simId);
      const status = async () => {
        const res = await a.as.agent.get(STATUS(row.id));
        expect(res.statusCode, res.body).toBe(200);
        return res.json();
      };
      // a reviewer opening it leaves the learner's badge on
      const byAdmin = await a.as.admin.get(STATUS(row.id));
      expect(byAdmin.json()).toEqual({
        success: true,
        status: 'COMPLETED',
        send_for_review: false,
        review_comments: 'Try again the close',
      });
      expect((await rowsOf([row.id]))[0].completedSeen).toBe(false);
      expect(await status()).toMatchObject({ status: 'COMPLETED', send_for_review: false });
      expect((await rowsOf([row.id]))[0].completedSeen).toBe(true);

      // level 1 completed with every line graded, level 2 not yet: false
      const levels = await levelsOf(ctx, simA.simId);
      await buildLevelAttempts(ctx, row, { levelIds: [levels[0].id] });
      expect((await status()).send_for_review).toBe(false);
      // an exited attempt of level 2 does not count
      await buildLevelAttempts(ctx, row, { levelIds: [second.id], attempt: 'exited' });
      expect((await status()).send_for_review).toBe(false);
      // a completed attempt of level 2 (it has no agent line, so nothing to grade): true
      await buildLevelAttempts(ctx, row, { levelIds: [second.id] });
      expect((await status()).send_for_review).toBe(true);
      // the newest completed attempt of level 1 still being graded decides: false; once graded: true
      const newest = await buildLevelAttempts(ctx, row, {
        levelIds: [levels[0].id],
        line: 'Pending',
        at: new Date(Date.now() + 60_000),
      });
      expect((await status()).send_for_review).toBe(false);
      await ctx.db.update(attemptLines).set({ status: 'Completed' }).where(inArray(attemptLines.attemptId, newest));
      expect((await status()).send_for_review).toBe(true);
      // a sim with no level is never ready
      const bare = await buildAssignment(ctx, {
        companyId: a.company.companyId,
        simId: (await buildScriptedSim(ctx, a.users.admin)).simId,
        userId: a.users.agent.id,
        status: 'COMPLETED',
      });
      await ctx.db.delete(simLevels).where(eq(simLevels.simId, bare.simId));
      expect((await a.as.agent.get(STATUS(bare.id))).json()).toMatchObject({ send_for_review: false });
    });

    it('opens only the own rows to a learner, PENDING REVIEW rows to a reviewer, and 404 otherwise', async () => {
      const agent2s = await assign({ userId: a.users.agent2.id, status: 'PENDING REVIEW' });
      const agent2Open = await assign({ userId: a.users.agent2.id, status: 'IN PROGRESS' });
      expectFailure(await a.as.agent.get(STATUS(agent2s.id)), 404, 'NOT_FOUND');
      expect((await a.as.supervisor.get(STATUS(agent2Open.id))).statusCode).toBe(200);
      // a reviewer without all_assignments view (not a learner's account: it holds an Admin view)
      const reviewer = await userWithGrants(ctx, a.company, [
        { task: 'review_assignments', type: 'view' },
        { task: 'employee_list', type: 'view' },
      ]);
      expect((await reviewer.as.get(STATUS(agent2s.id))).json()).toMatchObject({ status: 'PENDING REVIEW' });
      expectFailure(await reviewer.as.get(STATUS(agent2Open.id)), 404, 'NOT_FOUND');
      // a row of a trashed sim is gone for everyone
      const trashedSim = await buildScriptedSim(ctx, a.users.admin);
      const onTrashed = await assign({ simId: trashedSim.simId, status: 'PENDING REVIEW' });
      await ctx.db.update(sims).set({ deletedAt: new Date() }).where(eq(sims.id, trashedSim.simId));
      expectFailure(await a.as.admin.get(STATUS(onTrashed.id)), 404, 'NOT_FOUND');
      expectFailure(await a.as.admin.delete(DELETE(onTrashed.id)), 404, 'NOT_FOUND');
      expectFailure(await a.as.admin.get(STATUS('nope')), 400, 'INVALID');
    });
  });

  it("answers 404 to another company's id on every :id route and changes nothing", async () => {
    const theirs = await buildAssignment(ctx, {
      companyId: b.company.companyId,
      simId: simB.simId,
      userId: b.users.agent.id,
      notes: 'theirs',
    });
    for (const as of [a.as.admin, a.as.manager])
      for (const res of [
        await as.get(STATUS(theirs.id)),
        await as.post(NOTES(theirs.id), { assignment_notes: 'mine now', edit: true }),
        await as.delete(DELETE(theirs.id)),
      ])
        expectFailure(res, 404, 'NOT_FOUND');
    expectFailure(await a.as.agent.get(STATUS(theirs.id)), 404, 'NOT_FOUND');
    const [row] = await rowsOf([theirs.id]);
    expect(row).toMatchObject({ notes: 'theirs', status: 'NOT STARTED', completedSeen: false });
  });

  describe('GET /api/v1/users/count', () => {
    it('answers the company name and the user counts by role name, only with their views', async () => {
      const c = await buildStaffedCompany(ctx, { agent2: true, owner: true });
      const applicantRole = await buildRole(ctx, c.company, [], 'Applicant');
      const roleIds = { ...c.company.roleIds, Applicant: applicantRole };
      await buildUser(ctx, { ...c.company, roleIds }, { role: 'Applicant' });
      const gone = await buildUser(ctx, c.company, { role: ROLE_NAMES.agent });
      await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
      const off = await buildUser(ctx, c.company, { role: ROLE_NAMES.supervisor });
      await ctx.db.update(users).set({ status: 'postEmployment' }).where(eq(users.id, off.id));
      await buildGroup(ctx, c.company);
      await buildGroup(ctx, c.company);
      const res = await c.as.admin.get(USER_COUNT);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        company_name: c.company.name,
        counts: { supervisors: 1, managers: 1, agents: 2, users: 7, applicants: 1, groups: 2 },
      });
      // the agent holds company_name view but not user_account view
      expect((await c.as.agent.get(USER_COUNT)).json()).toEqual({
        success: true,
        company_name: c.company.name,
        counts: null,
      });
      const neither = await userWithGrants(ctx, c.company, [{ task: 'assignment', type: 'view' }]);
      expect((await neither.as.get(USER_COUNT)).json()).toEqual({ success: true, company_name: null, counts: null });
      expectFailure(await c.as.nobody.get(USER_COUNT), 401, 'UNAUTHORIZED');
      const [role] = await ctx.db.select().from(roles).where(eq(roles.id, applicantRole));
      expect(role.name).toBe('Applicant');
    });
  });
});
