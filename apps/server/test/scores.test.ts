import { ASSIGNMENT_STATUSES, type AssignmentStatus, SCORE_TEXTS, type TScoreRow } from '@sim/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildScoreWorld,
  expectFailure,
  type ScoreWorld,
  scoreCalls,
  scoreDay,
  staffedCompany,
  testApp,
} from './factories';

/**
 * The score table (POST /api/v1/sims/level/listing): which attempts are rows (final result, highest level,
 * every attempt), each filter of the panel, search, sort, paging and its total, the row's fields. Company
 * scope and access: scores-access.test.ts. The world: factories/scores.ts buildScoreWorld.
 */
describe('score listing', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  let w: ScoreWorld;
  const scores = () => scoreCalls(a.as.supervisor);
  const ids = (rows: TScoreRow[]) => rows.map((r) => r.response_id).sort();
  const of = (...names: (keyof ScoreWorld['attempts'])[]) => names.map((n) => w.attempts[n].id).sort();

  beforeAll(async () => {
    w = await buildScoreWorld(ctx, a);
  });

  it('answers the final result per member and level by default, newest completed first', async () => {
    const page = await scores().page();
    expect(page.total).toBe(7);
    expect(page.total_capped).toBe(false);
    expect(page.scores.map((r) => r.response_id)).toEqual(
      [
        w.attempts.alexS2,
        w.attempts.brunoL1,
        w.attempts.alexL2,
        w.attempts.caraS2,
        w.attempts.alexL1,
        w.attempts.brunoL0,
        w.attempts.alexL0,
      ].map((x) => x.id),
    );
    // the same with final_result=true said
    expect(ids((await scores().page({ final_result: true })).scores)).toEqual(ids(page.scores));
  });

  it('answers every field of a row: figures, dates, review and the ids to open the result', async () => {
    const { scores: rows } = await scores().page();
    const alex = rows.find((r) => r.response_id === w.attempts.alexL1.id);
    const alexAssignment = w.assignments.alexS1;
    expect(alex).toEqual({
      response_id: w.attempts.alexL1.id,
      sim: `${w.tag} Cardiology`,
      level: 'Level 2',
      member: `Alex ${a.users.agent.lastName}`,
      keywordAccuracy: 80,
      correct_selections: 0,
      total_selections: 0,
      correct_entries: 0,
      total_entries: 0,
      overall_percentage: 80,
      typing_accuracy: null,
      data_selection_accuracy: null,
      total_seconds: 3725,
      wrapSeconds: 0,
      start_date: new Date(scoreDay(3).getTime() - 600_000).toISOString(),
      createdAt: scoreDay(0).toISOString(),
      completed_date: scoreDay(3).toISOString(),
      exit_or_restart: false,
      sent_for_review_date: alexAssignment.sendForReviewDate?.toISOString(),
      status: 'PASS',
      review_status: true,
      reviewed_date: alexAssignment.dateOfReview?.toISOString(),
      reviewed_by: `Sofia ${a.users.supervisor.lastName}`,
      assessor_notes: null,
      screen_recording: false,
      screen_recording_urls: [],
      assignment_id: alexAssignment.id,
      user_id: a.users.agent.id,
      sim_id: w.s1.simId,
      level_id: w.s1.levels[1].id,
      level_order: 2,
      tool_type: 'Training SIM',
      product_type: expect.any(String),
    });
    const cara = rows.find((r) => r.response_id === w.attempts.caraS2.id);
    expect(cara).toMatchObject({
      member: `Cara ${w.tag}`,
      typing_accuracy: 75,
      data_selection_accuracy: 50,
      correct_entries: 3,
      total_entries: 4,
      correct_selections: 1,
      total_selections: 2,
      status: 'COMPLETED',
      review_status: false,
      reviewed_by: null,
      reviewed_date: null,
      sent_for_review_date: null,
      tool_type: 'Training SIM - Internal Data',
    });
    const first = rows.find((r) => r.response_id === w.attempts.alexL0.id);
    expect(first).toMatchObject({ keywordAccuracy: null, assessor_notes: 'Greets well', level_order: 0 });
  });

  it('answers the highest level reached per member and sim, or every completed attempt', async () => {
    expect(ids((await scores().page({ highest_level: true })).scores)).toEqual(
      of('alexL2', 'brunoL1', 'caraS2', 'alexS2'),
    );
    expect(ids((await scores().page({ highest_level: true, final_result: false })).scores)).toEqual(
      of('alexL2', 'brunoL1', 'caraS2', 'alexS2'),
    );
    const every = await scores().page({ final_result: false });
    expect(every.total).toBe(8);
    // started and exited attempts are not results
    expect(ids(every.scores)).toEqual(
      of('alexL0', 'alexL1old', 'alexL1', 'alexL2', 'brunoL0', 'brunoL1', 'caraS2', 'alexS2'),
    );
  });

  it('refuses Highest level reached with Final result only (400, the two are exclusive)', async () => {
    for (const q of [
      { final_result: true, highest_level: true },
      { final_result: 1, highest_level: 'true' },
    ])
      expectFailure(await scores().list(q), 400, 'INVALID', SCORE_TEXTS.exclusive);
    expectFailure(await scores().insights({ final_result: true, highest_level: true }), 400, 'INVALID');
    expectFailure(await scores().download({ final_result: true, highest_level: true }), 400, 'INVALID');
  });

  it('filters by tool, assigned / unassigned, groups, members, sims and levels (each narrows the rows)', async () => {
    const tool = w.assignments.caraS2.toolId as string;
    const cases: [string, Parameters<ReturnType<typeof scores>['page']>[1], string[]][] = [
      ['tool', { product: tool }, of('caraS2', 'alexS2')],
      ['assigned', { assigned: true }, of('alexL0', 'alexL1', 'alexL2', 'brunoL0', 'brunoL1', 'alexS2')],
      ['unassigned', { un_assigned: true }, of('caraS2')],
      [
        'both',
        { assigned: true, un_assigned: true },
        of('alexL0', 'alexL1', 'alexL2', 'brunoL0', 'brunoL1', 'caraS2', 'alexS2'),
      ],
      ['group', { groups: [w.group.id] }, of('alexL0', 'alexL1', 'alexL2', 'brunoL0', 'brunoL1', 'alexS2')],
      ['member', { members: [w.cara.id] }, of('caraS2')],
      ['members', { members: [w.cara.id, a.users.agent2.id] }, of('caraS2', 'brunoL0', 'brunoL1')],
      ['group and member', { groups: [w.group.id], members: [w.cara.id] }, []],
      ['group and member in it', { groups: [w.group.id], members: [a.users.agent2.id] }, of('brunoL0', 'brunoL1')],
      ['whole sim', { sims: [{ sim_id: w.s2.simId }] }, of('caraS2', 'alexS2')],
      ['one level', { sims: [{ sim_id: w.s1.simId, levels: [w.s1.levels[1].id] }] }, of('alexL1', 'brunoL1')],
      [
        'a level and a sim',
        { sims: [{ sim_id: w.s1.simId, levels: [w.s1.levels[2].id] }, { sim_id: w.s2.simId }] },
        of('alexL2', 'caraS2', 'alexS2'),
      ],
      // a level listed under a sim it is not of matches nothing
      ['level of another sim', { sims: [{ sim_id: w.s2.simId, levels: [w.s1.levels[1].id] }] }, []],
      ['tool and member', { product: tool, members: [a.users.agent.id] }, of('alexS2')],
    ];
    for (const [name, body, expected] of cases) {
      const page = await scores().page({}, body);
      expect(ids(page.scores), name).toEqual([...expected].sort());
      expect(page.total, name).toBe(expected.length);
    }
  });

  it('filters by the completed day, the final result being the one as of the range end', async () => {
    const day = (n: number) => scoreDay(n).toISOString().slice(0, 10);
    const page = (body: Record<string, unknown>, q = {}) => scores().page(q, body);
    expect(ids((await page({ startDate: day(2), endDate: day(4) })).scores)).toEqual(
      of('alexL1', 'alexL2', 'brunoL0', 'caraS2'),
    );
    // as of day 2, Alex's final result on level 2 is the first take (50)
    const early = await page({ endDate: day(2) });
    expect(ids(early.scores)).toEqual(of('alexL0', 'alexL1old', 'brunoL0'));
    expect(ids((await page({ startDate: day(6) })).scores)).toEqual(of('alexS2'));
    expect(ids((await page({ startDate: day(2), endDate: day(2) }, { final_result: false })).scores)).toEqual(
      of('alexL1old', 'brunoL0'),
    );
    // the day in the caller's time zone: 15:07 UTC on day 6 is already day 7 at UTC+10
    expect(ids((await page({ startDate: day(7), endDate: day(7), utc_offset: 600 })).scores)).toEqual(of('alexS2'));
    expect((await page({ startDate: day(7), endDate: day(7) })).total).toBe(0);
  });

  it('searches member, sim and level names, narrows by assignment status', async () => {
    const search = async (textSearch: string, q = {}) => ids((await scores().page({ textSearch, ...q })).scores);
    expect(await search('cara')).toEqual(of('caraS2'));
    expect(await search(`${w.tag} derma`)).toEqual(of('caraS2', 'alexS2'));
    expect(await search('final level')).toEqual(of('alexL2'));
    expect(await search('100%_')).toEqual([]);
    expect(ids((await scores().page({ status: 'PASS' })).scores)).toEqual(of('alexL0', 'alexL1', 'alexL2'));
  });

  it('sorts on each column, empty values last either way, and pages with the total', async () => {
    const order = async (sortBy: string, sort: 'asc' | 'desc') =>
      (await scores().page({ sortBy, sort })).scores.map((r) => r.response_id);
    expect(await order('keywordAccuracy', 'asc')).toEqual(
      ['alexS2', 'brunoL1', 'alexL2', 'alexL1', 'caraS2']
        .map((k) => w.attempts[k as 'alexS2'].id)
        .concat([w.attempts.alexL0.id, w.attempts.brunoL0.id].sort()),
    );
    expect((await order('keywordAccuracy', 'desc')).slice(0, 5)).toEqual(
      ['caraS2', 'alexL1', 'alexL2', 'brunoL1', 'alexS2'].map((k) => w.attempts[k as 'alexS2'].id),
    );
    const byName = (x: string, y: string) => x.toLowerCase().localeCompare(y.toLowerCase());
    const members = (await scores().page({ sortBy: 'member', sort: 'asc' })).scores.map((r) => r.member);
    expect(members).toEqual([...members].sort(byName));
    const membersDown = (await scores().page({ sortBy: 'member', sort: 'desc' })).scores.map((r) => r.member);
    expect(membersDown).toEqual([...membersDown].sort((x, y) => byName(y, x)));
    expect((await scores().page({ sortBy: 'reviewed_by', sort: 'desc' })).scores[0].reviewed_by).toMatch(/^Sofia/);
    const levels = (await scores().page({ sortBy: 'level', sort: 'desc' })).scores.map((r) => r.level_order);
    expect(levels).toEqual([...levels].sort((x, y) => y - x));
    const sims = (await scores().page({ sortBy: 'sim', sort: 'asc' })).scores.map((r) => r.sim);
    expect(sims.slice(0, 5).every((s) => s.endsWith('Cardiology'))).toBe(true);
    const simsDown = (await scores().page({ sortBy: 'sim', sort: 'desc' })).scores.map((r) => r.sim);
    expect(simsDown).toEqual([...simsDown].sort((x, y) => byName(y, x)));
    // every other column sorts both ways by its value, rows without one last either way
    const columns: [string, keyof TScoreRow][] = [
      ['data_selection', 'data_selection_accuracy'],
      ['typing_accuracy', 'typing_accuracy'],
      ['overall_percentage', 'overall_percentage'],
      ['total_seconds', 'total_seconds'],
      ['wrapSeconds', 'wrapSeconds'],
      ['start_date', 'start_date'],
      ['completed_date', 'completed_date'],
      ['sent_for_review_date', 'sent_for_review_date'],
      ['reviewed_date', 'reviewed_date'],
      ['assessor_notes', 'assessor_notes'],
      ['review_status', 'status'],
    ];
    const rank = (key: keyof TScoreRow, v: unknown) =>
      key === 'status'
        ? ASSIGNMENT_STATUSES.indexOf(v as AssignmentStatus)
        : typeof v === 'string' && key === 'assessor_notes'
          ? v.toLowerCase()
          : v;
    for (const [sortBy, key] of columns)
      for (const sort of ['asc', 'desc'] as const) {
        const values = (await scores().page({ sortBy, sort })).scores.map((r) => r[key]);
        expect(values.length, sortBy).toBe(7);
        const present = values.filter((v) => v !== null).map((v) => rank(key, v) as string | number);
        expect(
          values.slice(present.length).every((v) => v === null),
          `${sortBy} ${sort}: empty last`,
        ).toBe(true);
        const sorted = [...present].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
        expect(present, `${sortBy} ${sort}`).toEqual(sort === 'asc' ? sorted : sorted.reverse());
      }
    // paging: 3 a page, the same total on every page, a page past the end answers none with the total
    const pages = await Promise.all([0, 3, 6].map((skip) => scores().page({ skip, limit: 3 })));
    expect(pages.map((p) => p.scores.length)).toEqual([3, 3, 1]);
    expect(pages.map((p) => p.total)).toEqual([7, 7, 7]);
    expect(pages.flatMap((p) => p.scores.map((r) => r.response_id))).toEqual(
      (await scores().page()).scores.map((r) => r.response_id),
    );
    expect(await scores().page({ skip: 20, limit: 10 })).toMatchObject({ scores: [], total: 7 });
    // the default page is 10 rows
    expect((await scores().list()).json().scores).toHaveLength(7);
  });
});
