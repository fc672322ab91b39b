import {
  ASSIGNMENT_SORT_KEYS,
  ASSIGNMENT_STATUSES,
  type AssignmentTab,
  defaultGrantsFor,
  ASSIGNMENT_MESSAGES as M,
  type PermissionKey,
  permissionKey,
  ROLE_NAMES,
  type TAssignment,
} from '@sim/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignments, users } from '../src/db/schema/index';
import type { Actor } from '../src/lib/actor';
import { assertCanAssignment, assignmentScope, assignmentSight, seesAssignment } from '../src/policies/assignment';
import {
  buildAssignment,
  buildGroup,
  buildScriptedSim,
  buildSim,
  buildStaffedCompany,
  buildUser,
  type Caller,
  expectFailure,
  type StaffedCompany,
  type TestContext,
  testApp,
  unique,
  userWithGrants,
} from './factories';

const LIST = '/api/v1/sims/assignment/list';
const COUNT = '/api/v1/sims/assignment/count';

const query = (q: Record<string, string | number | boolean>) =>
  new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();

async function page(as: Caller, q: Record<string, string | number | boolean> = {}) {
  const res = await as.get(`${LIST}?${query({ limit: 100, ...q })}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { success: true; assignments: TAssignment[]; total: number };
}
const idsOf = (rows: { _id: string }[]) => rows.map((r) => r._id).sort();

/**
 * A company with assignments in every status (learner-and-review.md sections 2 and 4):
 * agent: NOT STARTED, IN PROGRESS, COMPLETED (unopened), PENDING REVIEW (unopened, a reviewer took it),
 *        PASS (opened);
 * agent2 (in a group): NOT STARTED (via the group), PENDING REVIEW (no reviewer), NO PASS;
 * supervisor: NOT STARTED;
 * left out everywhere: a row of a trashed sim, a row of a deleted learner.
 */
async function scene(ctx: TestContext) {
  const co = await buildStaffedCompany(ctx, { agent2: true });
  const title = unique('Cardiology intake');
  const sim = await buildScriptedSim(ctx, co.users.admin, { title });
  const other = await buildScriptedSim(ctx, co.users.admin, { title: unique('Billing dispute') });
  const trashed = await buildSim(ctx, co.users.admin, { title: unique('Trashed'), deletedAt: new Date() });
  const group = await buildGroup(ctx, co.company, { name: unique('Cohort'), members: [co.users.agent2.id] });
  const gone = await buildUser(ctx, co.company, { role: ROLE_NAMES.agent, firstName: 'Gone' });
  const t0 = Date.now() - 1000 * 60_000;
  let n = 0;
  const make = (
    user: { id: string },
    status: (typeof ASSIGNMENT_STATUSES)[number],
    extra: Partial<Parameters<typeof buildAssignment>[1]> = {},
  ) =>
    buildAssignment(ctx, {
      companyId: co.company.companyId,
      simId: sim.simId,
      userId: user.id,
      status,
      assignedById: co.users.admin.id,
      createdAt: new Date(t0 + ++n * 60_000),
      notes: `Instruction ${n}`,
      ...extra,
    });
  const { users: u } = co;
  const rows = {
    n1: await make(u.agent, 'NOT STARTED', { notes: 'Start with the greeting' }),
    n2: await make(u.agent, 'IN PROGRESS', { simId: other.simId }),
    n3: await make(u.agent, 'COMPLETED'),
    n4: await make(u.agent, 'PENDING REVIEW', { reviewerId: u.supervisor.id }),
    n5: await make(u.agent, 'PASS', { completedSeen: true, reviewComments: 'Well done' }),
    m1: await make(u.agent2, 'NOT STARTED', { groupId: group.id, assignedById: u.manager.id }),
    m2: await make(u.agent2, 'PENDING REVIEW'),
    m3: await make(u.agent2, 'NO PASS'),
    s1: await make(u.supervisor, 'NOT STARTED'),
  };
  const hidden = {
    trashed: await make(u.agent, 'NOT STARTED', { simId: trashed }),
    gone: await make(gone, 'PENDING REVIEW'),
  };
  await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
  return { co, sim, other, title, group, rows, hidden };
}
type Scene = Awaited<ReturnType<typeof scene>>;
const ids = (s: Scene, keys: (keyof Scene['rows'])[]) => keys.map((k) => s.rows[k].id).sort();

describe('assignments dashboard: lists and counts', () => {
  const ctx = testApp();
  let s: Scene;
  let co: StaffedCompany<{ agent2: true }>;
  let other: StaffedCompany;
  beforeAll(async () => {
    s = await scene(ctx);
    co = s.co;
    other = await buildStaffedCompany(ctx);
    // another company's rows never show
    const theirSim = await buildScriptedSim(ctx, other.users.admin);
    for (const status of ASSIGNMENT_STATUSES)
      await buildAssignment(ctx, {
        companyId: other.company.companyId,
        simId: theirSim.simId,
        userId: other.users.agent.id,
        status,
      });
  });

  describe('each tab shows each role what it may see', () => {
    const TABS: Record<string, Record<AssignmentTab, (keyof Scene['rows'])[] | 403>> = {
      admin: {
        All_ASSIGNMENT: ['n1', 'n2', 'n3', 'n4', 'n5', 'm1', 'm2', 'm3', 's1'],
        MY_ASSIGNMENT: [],
        COMPLETED: ['n3', 'n4', 'n5', 'm2', 'm3'],
        PENDING_REVIEW: ['n4', 'm2'],
      },
      supervisor: {
        All_ASSIGNMENT: ['n1', 'n2', 'n3', 'n4', 'n5', 'm1', 'm2', 'm3', 's1'],
        MY_ASSIGNMENT: ['s1'],
        COMPLETED: ['n3', 'n4', 'n5', 'm2', 'm3'],
        PENDING_REVIEW: ['n4', 'm2'],
      },
      agent: {
        All_ASSIGNMENT: ['n1', 'n2', 'n3', 'n4', 'n5'],
        MY_ASSIGNMENT: ['n1', 'n2'],
        COMPLETED: ['n3', 'n4', 'n5'],
        PENDING_REVIEW: 403,
      },
      agent2: {
        All_ASSIGNMENT: ['m1', 'm2', 'm3'],
        MY_ASSIGNMENT: ['m1'],
        COMPLETED: ['m2', 'm3'],
        PENDING_REVIEW: 403,
      },
    };
    for (const [role, tabs] of Object.entries(TABS))
      for (const [tab, want] of Object.entries(tabs))
        it(`${role}: ${tab}`, async () => {
          const as = co.as[role as 'admin'];
          if (want === 403) {
            expectFailure(await as.get(`${LIST}?tab=${tab}`), 403, 'FORBIDDEN', M.noPermission);
            return;
          }
          const body = await page(as, { tab });
          expect(idsOf(body.assignments)).toEqual(ids(s, want));
          expect(body.total).toBe(want.length);
          const me = co.users[role as 'admin'].id;
          for (const row of body.assignments) expect(row.is_mine).toBe(row.assigned_to_id === me);
        });
  });

  it('counts every tab with the same scopes, and the badges', async () => {
    const counts = async (as: Caller) => {
      const res = await as.get(COUNT);
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    expect(await counts(co.as.admin)).toEqual({
      success: true,
      allAssignmentCount: 9,
      myAssignmentCount: 0,
      completedAssignmentCount: 5,
      readyForReviewCount: 2,
      pendingForReview: 0,
      completedAssignCount: 0,
      unopenedCompletedAssignments: 0,
      unopenedPendingAssignments: 1, // m2: no reviewer yet (n4 was taken by the supervisor)
    });
    expect(await counts(co.as.supervisor)).toEqual({
      success: true,
      allAssignmentCount: 9,
      myAssignmentCount: 1,
      completedAssignmentCount: 5,
      readyForReviewCount: 2,
      pendingForReview: 0,
      completedAssignCount: 0,
      unopenedCompletedAssignments: 0,
      unopenedPendingAssignments: 1,
    });
    expect(await counts(co.as.agent)).toEqual({
      success: true,
      allAssignmentCount: 5,
      myAssignmentCount: 2,
      completedAssignmentCount: 3,
      readyForReviewCount: 0,
      pendingForReview: 1, // n4
      completedAssignCount: 3, // n3, n4, n5
      unopenedCompletedAssignments: 2, // n3, n4 (n5 was opened)
      unopenedPendingAssignments: 0,
    });
    // every list's total agrees with its count
    for (const who of ['admin', 'supervisor', 'agent'] as const) {
      const c = await counts(co.as[who]);
      expect((await page(co.as[who], { tab: 'All_ASSIGNMENT' })).total).toBe(c.allAssignmentCount);
      expect((await page(co.as[who], { tab: 'MY_ASSIGNMENT' })).total).toBe(c.myAssignmentCount);
      expect((await page(co.as[who], { tab: 'COMPLETED' })).total).toBe(c.completedAssignmentCount);
    }
    // another company sees none of it
    expect(await counts(other.as.agent)).toMatchObject({ allAssignmentCount: 6, myAssignmentCount: 2 });
  });

  it('gives a caller without any assignments view 403 on the list and zero counts', async () => {
    const none = await userWithGrants(ctx, co.company, [{ task: 'my_notepad', type: 'view' }]);
    expectFailure(await none.as.get(LIST), 403, 'FORBIDDEN');
    const res = await none.as.get(COUNT);
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.values(res.json()).filter((v) => typeof v === 'number' && v !== 0)).toEqual([]);
  });

  it('shows a learner holding review_assignments view only their own rows on Pending Review', async () => {
    const learner = await userWithGrants(ctx, co.company, [
      { task: 'assignment', type: 'view' },
      { task: 'review_assignments', type: 'view' },
      { task: 'all_assignments', type: 'view' },
    ]);
    const mine = await buildAssignment(ctx, {
      companyId: co.company.companyId,
      simId: s.sim.simId,
      userId: learner.user.id,
      status: 'PENDING REVIEW',
    });
    expect(idsOf((await page(learner.as, { tab: 'PENDING_REVIEW' })).assignments)).toEqual([mine.id]);
    // all_assignments view does not open the company's rows to a learner's account either
    expect(idsOf((await page(learner.as, { tab: 'All_ASSIGNMENT' })).assignments)).toEqual([mine.id]);
    const counts = (await learner.as.get(COUNT)).json();
    expect(counts).toMatchObject({ allAssignmentCount: 1, readyForReviewCount: 1, unopenedPendingAssignments: 1 });
    await ctx.db.delete(assignments).where(eq(assignments.id, mine.id));
  });

  it('narrows a tab to the own rows with my_assignment=true, never widens it', async () => {
    const body = await page(co.as.supervisor, { tab: 'All_ASSIGNMENT', my_assignment: true });
    expect(idsOf(body.assignments)).toEqual(ids(s, ['s1']));
    const agent = await page(co.as.agent, { tab: 'COMPLETED', my_assignment: false });
    expect(idsOf(agent.assignments)).toEqual(ids(s, ['n3', 'n4', 'n5']));
  });

  it('answers every field of a row', async () => {
    const body = await page(co.as.admin, { textSearch: 'Start with the greeting' });
    expect(body.total).toBe(1);
    const [row] = body.assignments;
    const n1 = s.rows.n1;
    expect(row).toEqual({
      _id: n1.id,
      assignment_id: n1.id,
      assignment: s.title,
      sim_id: s.sim.simId,
      sim_type: expect.stringMatching(/^(hiring|training)$/),
      tool_type: expect.any(String),
      tool_id: n1.toolId,
      product_type: expect.any(String),
      assigned_to: `Alex ${co.users.agent.lastName}`,
      assigned_to_id: co.users.agent.id,
      assigned_profile_url: null,
      assigned_by: `Ada ${co.users.admin.lastName}`,
      assigned_on: n1.createdAt.toISOString(),
      groups: [],
      notes: 'Start with the greeting',
      status: 'NOT STARTED',
      review_comments: '',
      start_date: null,
      completed_on: null,
      send_for_review_date: null,
      date_of_review: null,
      screen_recording: false,
      reviewer: null,
      is_mine: false,
    });
    expect(row.tool_type.length).toBeGreaterThan(0);
    const m1 = (await page(co.as.admin, { textSearch: `Alex`, tab: 'All_ASSIGNMENT' })).assignments;
    expect(m1.every((r) => r.assigned_to.startsWith('Alex'))).toBe(true);
    const grouped = (await page(co.as.admin, { tab: 'All_ASSIGNMENT' })).assignments.find(
      (r) => r._id === s.rows.m1.id,
    );
    expect(grouped).toMatchObject({ groups: [s.group.name], assigned_by: `Marco ${co.users.manager.lastName}` });
    const reviewed = (await page(co.as.admin, { tab: 'PENDING_REVIEW' })).assignments.find(
      (r) => r._id === s.rows.n4.id,
    );
    expect(reviewed).toMatchObject({ reviewer: `Sofia ${co.users.supervisor.lastName}` });
    expect(Date.parse(reviewed!.send_for_review_date!)).not.toBeNaN();
  });

  it('searches the sim title, the learner name, the instruction and the tool', async () => {
    const search = async (text: string) => idsOf((await page(co.as.admin, { textSearch: text })).assignments);
    expect(await search(s.title.toUpperCase())).toEqual(ids(s, ['n1', 'n3', 'n4', 'n5', 'm1', 'm2', 'm3', 's1']));
    expect(await search('Bruno')).toEqual(ids(s, ['m1', 'm2', 'm3']));
    expect(await search(`Bruno ${co.users.agent2.lastName}`)).toEqual(ids(s, ['m1', 'm2', 'm3']));
    expect(await search('greeting')).toEqual(ids(s, ['n1']));
    const tool = (await page(co.as.admin)).assignments[0].tool_type;
    expect(await search(tool)).toHaveLength(9);
    expect(await search('100%_nothing')).toEqual([]);
    // the agent's search stays within their own rows
    expect(idsOf((await page(co.as.agent, { textSearch: 'Instruction' })).assignments)).toEqual(
      ids(s, ['n2', 'n3', 'n4', 'n5']),
    );
  });

  it('sorts by every column, both ways, with empty values last and a stable order', async () => {
    const all = (await page(co.as.admin)).assignments;
    for (const orderBy of ASSIGNMENT_SORT_KEYS)
      for (const order of ['asc', 'desc'] as const) {
        const body = await page(co.as.admin, { orderBy, order });
        expect(body.total, `${orderBy} ${order}`).toBe(9);
        expect(idsOf(body.assignments)).toEqual(idsOf(all));
        // the same request answers the same order
        const again = await page(co.as.admin, { orderBy, order });
        expect(again.assignments.map((r) => r._id)).toEqual(body.assignments.map((r) => r._id));
      }
    const order = async (orderBy: string, dir: 'asc' | 'desc') =>
      (await page(co.as.admin, { orderBy, order: dir })).assignments;
    const byOn = await order('assigned_on', 'asc');
    expect(byOn.map((r) => r._id)).toEqual(
      [...all].sort((x, y) => x.assigned_on.localeCompare(y.assigned_on)).map((r) => r._id),
    );
    expect((await order('assigned_on', 'desc')).map((r) => r._id)).toEqual(byOn.map((r) => r._id).reverse());
    // statuses in their life-cycle order
    const statuses = (await order('status', 'asc')).map((r) => r.status);
    const rank = (st: string) => ASSIGNMENT_STATUSES.indexOf(st as never);
    expect(statuses.map(rank)).toEqual([...statuses.map(rank)].sort((x, y) => x - y));
    // names: Alex before Bruno before Sofia
    const names = (await order('assigned_to', 'asc')).map((r) => r.assigned_to.split(' ')[0]);
    expect([...new Set(names)]).toEqual(['Alex', 'Bruno', 'Sofia']);
    // no start date (NOT STARTED) comes last both ways
    for (const dir of ['asc', 'desc'] as const) {
      const rows = await order('start_date', dir);
      const firstEmpty = rows.findIndex((r) => r.start_date === null);
      expect(rows.slice(firstEmpty).every((r) => r.start_date === null)).toBe(true);
    }
    // group: the one grouped row first ascending
    expect((await order('group', 'asc'))[0]._id).toBe(s.rows.m1.id);
  });

  it('pages with skip and limit, the total on every page, also past the end', async () => {
    const seen: string[] = [];
    for (let skip = 0; skip < 10; skip += 4) {
      const body = await page(co.as.admin, { skip, limit: 4, orderBy: 'assigned_on', order: 'asc' });
      expect(body.total).toBe(9);
      expect(body.assignments.length).toBe(Math.min(4, 9 - skip));
      seen.push(...body.assignments.map((r) => r._id));
    }
    expect(seen.sort()).toEqual(ids(s, ['n1', 'n2', 'n3', 'n4', 'n5', 'm1', 'm2', 'm3', 's1']));
    const past = await page(co.as.admin, { skip: 40, limit: 10 });
    expect(past).toEqual({ success: true, assignments: [], total: 9 });
    const none = await page(co.as.admin, { textSearch: unique('nothing') });
    expect(none).toEqual({ success: true, assignments: [], total: 0 });
  });

  it('refuses bad list input with the 400 envelope', async () => {
    for (const q of [
      'tab=EVERYTHING',
      'orderBy=password_hash',
      'order=sideways',
      'skip=-1',
      'limit=0',
      'limit=abc',
      'my_assignment=maybe',
      'textSearch=a%00b',
      `textSearch=${'x'.repeat(300)}`,
    ]) {
      const res = await co.as.admin.get(`${LIST}?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'INVALID' });
    }
  });

  it('answers 401 signed out', async () => {
    for (const url of [LIST, COUNT]) expectFailure(await co.as.nobody.get(url), 401, 'UNAUTHORIZED');
  });
});

describe('policies/assignment (pure)', () => {
  const actorOf = (grants: readonly { task: string; type: string }[], userId = 'me'): Actor => ({
    userId,
    companyId: 'co',
    isPlatformAdmin: false,
    permissions: new Set(grants.map((g) => permissionKey(g.task as never, g.type as never))) as Set<PermissionKey>,
  });
  const role = (name: string) => actorOf(defaultGrantsFor(name));
  const record = (over: Partial<{ companyId: string; assignedToId: string; status: string; notes: string }> = {}) => ({
    companyId: 'co',
    assignedToId: 'someone',
    status: 'NOT STARTED',
    notes: '',
    ...over,
  });
  const outcome = (fn: () => void) => {
    try {
      fn();
      return 200;
    } catch (err) {
      return (err as { status: number }).status;
    }
  };

  it('reads the sight of each default role from its permissions', () => {
    expect(assignmentSight(role('admin'))).toEqual({ any: true, all: true, review: true, learner: false });
    expect(assignmentSight(role('supervisor'))).toEqual({ any: true, all: true, review: true, learner: false });
    expect(assignmentSight(role('agent'))).toEqual({ any: true, all: false, review: false, learner: true });
    expect(assignmentSight(actorOf([]))).toEqual({ any: false, all: false, review: false, learner: true });
  });

  it.each([
    ['admin', 'All_ASSIGNMENT', { ownOnly: false, statuses: null }],
    ['admin', 'MY_ASSIGNMENT', { ownOnly: true, statuses: ['NOT STARTED', 'IN PROGRESS'] }],
    ['admin', 'COMPLETED', { ownOnly: false, statuses: ['COMPLETED', 'PENDING REVIEW', 'PASS', 'NO PASS'] }],
    ['admin', 'PENDING_REVIEW', { ownOnly: false, statuses: ['PENDING REVIEW'] }],
    ['agent', 'All_ASSIGNMENT', { ownOnly: true, statuses: null }],
    ['agent', 'COMPLETED', { ownOnly: true, statuses: ['COMPLETED', 'PENDING REVIEW', 'PASS', 'NO PASS'] }],
    ['agent', 'PENDING_REVIEW', 403],
  ] as const)('%s on %s', (name, tab, want) => {
    const actor = role(name);
    if (want === 403) expect(outcome(() => assignmentScope(actor, tab))).toBe(403);
    else expect(assignmentScope(actor, tab)).toEqual(want);
  });

  it.each([
    // action, role, record, expected status
    ['create', 'admin', undefined, 200],
    ['create', 'supervisor', undefined, 403],
    ['create', 'agent', undefined, 403],
    ['instruct', 'manager', undefined, 200],
    ['instruct', 'supervisor', undefined, 403],
    ['export', 'supervisor', undefined, 200],
    ['export', 'agent', undefined, 403],
    ['delete', 'admin', record(), 200],
    ['delete', 'admin', record({ status: 'IN PROGRESS' }), 409],
    ['delete', 'admin', record({ companyId: 'other' }), 404],
    ['delete', 'admin', null, 404],
    ['delete', 'supervisor', record(), 403],
    ['view', 'agent', record({ assignedToId: 'me' }), 200],
    ['view', 'agent', record(), 404],
    ['view', 'supervisor', record(), 200],
    ['view', 'admin', record({ companyId: 'other' }), 404],
    ['notes', 'admin', record(), 200],
    ['notes', 'admin', record({ notes: 'written' }), 200],
    ['notes', 'supervisor', record(), 403],
    ['notes', 'admin', record({ companyId: 'other', notes: 'written' }), 404],
  ] as const)('%s by %s on %o answers %i', (action, name, rec, want) => {
    const actor = role(name);
    const run = () =>
      rec === undefined ? assertCanAssignment(actor, action) : assertCanAssignment(actor, action, rec);
    expect(outcome(run)).toBe(want);
  });

  it('decides the instruction permission by the stored instruction, with the spec tooltips', () => {
    const createOnly = actorOf([
      { task: 'assignment', type: 'view' },
      { task: 'notes_to_user', type: 'create' },
    ]);
    const updateOnly = actorOf([
      { task: 'assignment', type: 'view' },
      { task: 'notes_to_user', type: 'update' },
    ]);
    expect(() => assertCanAssignment(createOnly, 'notes', record())).not.toThrow();
    expect(() => assertCanAssignment(createOnly, 'notes', record({ notes: 'x' }))).toThrow(M.noUpdate);
    expect(() => assertCanAssignment(updateOnly, 'notes', record())).toThrow(M.noCreate);
    expect(() => assertCanAssignment(updateOnly, 'notes', record({ notes: 'x' }))).not.toThrow();
  });

  it('lets a reviewer without all_assignments see only PENDING REVIEW rows of others', () => {
    const reviewer = actorOf([
      { task: 'review_assignments', type: 'view' },
      { task: 'employee_list', type: 'view' }, // an Admin task: not a learner's account
    ]);
    expect(seesAssignment(reviewer, record({ status: 'PENDING REVIEW' }))).toBe(true);
    expect(seesAssignment(reviewer, record({ status: 'PASS' }))).toBe(false);
    expect(seesAssignment(reviewer, record({ assignedToId: 'me', status: 'PASS' }))).toBe(true);
  });
});
