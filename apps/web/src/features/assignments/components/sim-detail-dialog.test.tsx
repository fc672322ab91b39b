import {
  ASSIGNMENT_MESSAGES as M,
  SIM_DETAIL_TEXTS as T,
  type TLevelStats,
  type TLevelStatsResponse,
} from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  LEVEL_IDS,
  learnerSimAnswer,
  levelStatsAnswer,
  makeAssignment,
  makeCounts,
  makeLevelStats,
  SIM_ID,
} from '../testing/fixtures';
import { jsonResponse, ME, mockApi, ok, refusal, renderAtDashboard, rowId, signInAs } from '../testing/harness';
import { AssignmentsDashboard } from './assignments-dashboard';
import { SimDetailDialog } from './sim-detail-dialog';

const ROW = makeAssignment(1, { status: 'IN PROGRESS' });

interface Setup {
  stats?: TLevelStats[];
  status?: string;
  statsAnswer?: Response;
  sim?: Parameters<typeof learnerSimAnswer>[0];
  row?: typeof ROW;
}

function setup({ stats = [makeLevelStats(0)], status = 'IN PROGRESS', statsAnswer, sim, row = ROW }: Setup = {}) {
  const session = signInAs(['assignment:view']);
  const calls = mockApi(session, (call) => {
    if (call.path === '/api/v1/sims/learner-sim') return ok(learnerSimAnswer(sim, row._id));
    if (call.path === '/api/v1/sims/stats')
      return statsAnswer ?? jsonResponse(levelStatsAnswer(stats, status) satisfies TLevelStatsResponse);
    return undefined;
  });
  const onClose = vi.fn();
  const view = renderAtDashboard(
    <SimDetailDialog
      target={{ assignmentId: row._id, simId: row.sim_id, userId: row.assigned_to_id, row }}
      currentUserId={ME}
      onClose={onClose}
    />,
  );
  return { ...view, calls, onClose };
}

const card = (name: string) => screen.findByRole('article', { name });
const takeSim = () => screen.findByTestId('take-sim-search');
const takeSimState = () => JSON.parse(screen.getByTestId('take-sim-state').textContent ?? 'null');

describe('sim detail dialog', () => {
  it('shows the sim and its level cards', async () => {
    const { calls } = setup({
      sim: { tutorial_video: { url: 'https://videos.test/tutorial.mp4', fileName: 'tutorial.mp4' } },
      stats: [
        makeLevelStats(1, { total_attempts: 3, completed_attempts: 2, pass_fail_details: null }),
        makeLevelStats(0),
      ],
    });
    const dialog = await screen.findByRole('dialog', { name: /Refills/ });
    expect(within(dialog).getByText('A refill call from a patient.')).toBeTruthy();
    expect(within(dialog).getByText('Book the refill and confirm the pharmacy.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: T.tutorialVideo }).getAttribute('href')).toBe(
      'https://videos.test/tutorial.mp4',
    );
    expect(within(dialog).getByRole('button', { name: T.testSpeakers })).toBeTruthy();
    const first = await card('LEVEL 1 Watch and Learn');
    const second = screen.getByRole('article', { name: 'LEVEL 2 Full Script' });
    // ordered by level
    expect(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(first).getByText(M.notCompleted)).toBeTruthy();
    expect(within(second).getByText('Completed 2 times in 3 attempts')).toBeTruthy();
    expect(within(first).getByText(M.noResults)).toBeTruthy();
    const stats = calls.find((c) => c.path === '/api/v1/sims/stats');
    expect(Object.fromEntries(stats?.query ?? [])).toEqual({ sim_id: SIM_ID, user_id: ME, assignment_id: ROW._id });
  });

  it('offers View Results once a level has a result: the learner’s own result view; and the order tooltip', async () => {
    setup({
      stats: [
        makeLevelStats(2, {
          total_attempts: 1,
          completed_attempts: 1,
          pass_fail_details: {
            user_response_id: rowId(700),
            keyword_accuracy: 80,
            overall_percentage: 80,
            passed: true,
            completed_on: '2030-03-05T10:00:00.000Z',
          },
        }),
      ],
    });
    const level = await card('LEVEL 3 Keywords');
    expect(within(level).getByText('Completed 1 time in 1 attempt')).toBeTruthy();
    // order 2 ('Try w/ scripts'): read with the full script (DECISIONS.md section 3)
    await userEvent.hover(within(level).getByRole('button', { name: 'Read with the full script' }));
    expect(await screen.findByRole('tooltip', { name: 'Read with the full script' })).toBeTruthy();
    await userEvent.click(within(level).getByRole('button', { name: T.viewResults }));
    const query = new URLSearchParams((await takeSim()).textContent ?? '');
    expect(Object.fromEntries(query)).toEqual({
      viewResult: 'true',
      assignment_id: ROW._id,
      user_id: ME,
      sim_id: SIM_ID,
      reviewer: 'false',
      levelId: LEVEL_IDS[2],
    });
    expect(takeSimState()).toMatchObject({ viewResult: true, type: 'training', assignment: { _id: ROW._id } });
  });

  it('opens another learner’s level result in the reviewer’s view', async () => {
    const other = makeAssignment(2, { status: 'PENDING REVIEW', is_mine: false, assigned_to_id: rowId(55) });
    setup({
      row: other,
      status: 'PENDING REVIEW',
      stats: [
        makeLevelStats(0, {
          completed_attempts: 1,
          total_attempts: 1,
          pass_fail_details: {
            user_response_id: rowId(701),
            keyword_accuracy: null,
            overall_percentage: null,
            passed: null,
            completed_on: '2030-03-05T10:00:00.000Z',
          },
        }),
      ],
    });
    const level = await card('LEVEL 1 Watch and Learn');
    // someone else's assignment: no START, View Results as a reviewer
    expect(within(level).queryByRole('button', { name: /START/ })).toBeNull();
    await userEvent.click(within(level).getByRole('button', { name: T.viewResults }));
    const query = new URLSearchParams((await takeSim()).textContent ?? '');
    expect(query.get('reviewer')).toBe('true');
    expect(query.get('user_id')).toBe(rowId(55));
  });

  it('shows START as Locked while the assignment is pending review', async () => {
    setup({ status: 'PENDING REVIEW', stats: [makeLevelStats(0), makeLevelStats(1)] });
    const level = await card('LEVEL 1 Watch and Learn');
    const locked = within(level).getByRole('button', {
      name: `${M.locked} LEVEL 1 Watch and Learn`,
    }) as HTMLButtonElement;
    expect(locked.disabled).toBe(true);
    expect(locked.textContent).toBe(M.locked);
    expect(screen.queryByRole('button', { name: /^START/ })).toBeNull();
  });

  it('START asks practice or autoplay and opens the take-sim screen', async () => {
    setup({ stats: [makeLevelStats(0, { screenRecording: true })] });
    const level = await card('LEVEL 1 Watch and Learn');
    await userEvent.click(within(level).getByRole('button', { name: `${T.start} LEVEL 1 Watch and Learn` }));
    const menu = await screen.findByRole('menu', { name: T.modeMenu });
    await userEvent.click(within(menu).getByRole('menuitem', { name: new RegExp(T.practice) }));
    const search = new URLSearchParams((await takeSim()).textContent ?? '');
    expect(Object.fromEntries(search)).toEqual({
      levelId: LEVEL_IDS[0],
      assignment_id: ROW._id,
      sim_id: SIM_ID,
      user_id: ME,
      reviewer: 'false',
      order: '0',
      continueSimLevel: 'false',
      activeIndex: '0',
    });
    expect(takeSimState()).toMatchObject({
      type: 'training',
      mode: 'practice',
      screenRecording: true,
      documents: [],
      hotLinks: ['https://example.org/policy'],
      assignment: { _id: ROW._id },
    });
    expect(takeSimState().user_response_id).toBeUndefined();
  });

  it('offers no practice on level order 4', async () => {
    setup({ stats: [makeLevelStats(4)] });
    const level = await card('LEVEL 5 Autoplay');
    await userEvent.click(within(level).getByRole('button', { name: `${T.start} LEVEL 5 Autoplay` }));
    const menu = await screen.findByRole('menu', { name: T.modeMenu });
    expect(
      within(menu)
        .getByRole('menuitem', { name: new RegExp(T.noPractice) })
        .getAttribute('aria-disabled'),
    ).toBe('true');
    await userEvent.click(within(menu).getByRole('menuitem', { name: new RegExp(T.autoplay) }));
    expect((await takeSim()).textContent).toContain('order=4');
    expect(takeSimState().mode).toBe('autoplay');
  });

  it('goes straight to autoplay for a hiring sim', async () => {
    setup({ sim: { sim_type: 'hiring' }, row: { ...ROW, sim_type: 'hiring' } });
    const level = await card('LEVEL 1 Watch and Learn');
    await userEvent.click(within(level).getByRole('button', { name: `${T.start} LEVEL 1 Watch and Learn` }));
    await takeSim();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(takeSimState()).toMatchObject({ mode: 'autoplay', type: 'hiring' });
  });

  it('RESUME continues the unfinished attempt where it stopped', async () => {
    const unfinished = { user_response_id: rowId(700), mode: 'autoplay' as const, active_index: 3 };
    setup({ stats: [makeLevelStats(1, { unfinished, total_attempts: 1 })] });
    const level = await card('LEVEL 2 Full Script');
    await userEvent.click(within(level).getByRole('button', { name: `${T.start} LEVEL 2 Full Script` }));
    const dialog = await screen.findByRole('dialog', { name: T.resumeTitle });
    expect(within(dialog).getByText(T.resumeMessage)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: T.resume }));
    const search = new URLSearchParams((await takeSim()).textContent ?? '');
    expect([search.get('continueSimLevel'), search.get('activeIndex'), search.get('order')]).toEqual([
      'true',
      '3',
      '1',
    ]);
    expect(takeSimState()).toMatchObject({ mode: 'autoplay', user_response_id: rowId(700) });
  });

  it('START OVER goes on to the mode choice; partial screen recordings allow only that', async () => {
    const unfinished = { user_response_id: rowId(700), mode: 'practice' as const, active_index: 2 };
    setup({ stats: [makeLevelStats(1, { unfinished, screen_recordings: 1 })] });
    const level = await card('LEVEL 2 Full Script');
    await userEvent.click(within(level).getByRole('button', { name: `${T.start} LEVEL 2 Full Script` }));
    const dialog = await screen.findByRole('dialog', { name: T.resumeTitle });
    expect(within(dialog).getByText(M.partialRecordings)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: T.resume })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: T.startOver }));
    const menu = await screen.findByRole('menu', { name: T.modeMenu });
    await userEvent.click(within(menu).getByRole('menuitem', { name: new RegExp(T.autoplay) }));
    const search = new URLSearchParams((await takeSim()).textContent ?? '');
    expect([search.get('continueSimLevel'), search.get('activeIndex')]).toEqual(['false', '0']);
    expect(takeSimState().user_response_id).toBeUndefined();
  });

  it.each([
    { case: 'empty stats', answer: () => jsonResponse(levelStatsAnswer([])) },
    { case: 'a 404', answer: () => refusal(404, 'Sim not found', 'NOT_FOUND') },
    { case: 'a 500', answer: () => refusal(500, 'Internal error', 'INTERNAL') },
  ])('warns that the level is still being drafted on $case', async ({ answer }) => {
    setup({ statsAnswer: answer() });
    expect(await screen.findByText(M.levelDrafting)).toBeTruthy();
  });

  it('closes with its close button', async () => {
    const { onClose } = setup();
    await screen.findByRole('dialog', { name: /Refills/ });
    await userEvent.click(screen.getByRole('button', { name: 'CLOSE' }));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('opening the sim detail dialog from the dashboard', () => {
  function dashboard(state?: unknown, rows = [ROW], url = '/dashboard') {
    const session = signInAs(['assignment:view']);
    const calls = mockApi(session, (call) => {
      if (call.path === '/api/v1/sims/assignment/list') return ok({ assignments: rows, total: rows.length });
      if (call.path === '/api/v1/sims/assignment/count') return ok(makeCounts());
      if (call.path === '/api/v1/sims/learner-sim') return ok(learnerSimAnswer({}, ROW._id));
      if (call.path === '/api/v1/sims/stats') return jsonResponse(levelStatsAnswer([makeLevelStats(0)]));
      if (call.path.startsWith('/api/v1/sims/assignment/status/'))
        return ok({ status: 'PASS', send_for_review: false, review_comments: '' });
      return undefined;
    });
    const view = renderAtDashboard(<AssignmentsDashboard />, { state, url });
    return { calls, router: view.router };
  }

  it('Go on My Assignments opens it; so does Enter on the row', async () => {
    dashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Go Refills 1' }));
    expect(await screen.findByRole('dialog', { name: /Refills/ })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'CLOSE' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = screen.getByText('Refills 1').closest('tr') as HTMLElement;
    row.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: /Refills/ })).toBeTruthy();
  });

  it('VIEW OR RETRY on a done assignment clears its unopened badge', async () => {
    const done = makeAssignment(1, { status: 'PASS' });
    const { calls } = dashboard(undefined, [done]);
    await userEvent.click(await screen.findByRole('tab', { name: /^Completed/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'VIEW OR RETRY Refills 1' }));
    expect(await screen.findByRole('dialog', { name: /Refills/ })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === `/api/v1/sims/assignment/status/${done._id}`)).toBe(true));
  });

  it('reopens when the take-sim screen sends the learner back with the ids, and tidies the URL', async () => {
    const { router } = dashboard(
      { sim_id: SIM_ID, assigned_to_id: ME, assignment_id: ROW._id },
      [ROW],
      `/dashboard?exit=true&type=training&assigned_to_id=${ME}&tab=COMPLETED`,
    );
    expect(await screen.findByRole('dialog', { name: /Refills/ })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=COMPLETED'));
    expect(screen.getByRole('dialog', { name: /Refills/ })).toBeTruthy();
  });
});
