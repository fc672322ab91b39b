import {
  DATA_TABLE_TEXTS,
  ASSIGNMENT_MESSAGES as M,
  ASSIGNMENT_TEXTS as T,
  type TAssignment,
  type TAssignmentCountResponse,
} from '@sim/shared';
import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BEFORE_DUE_MS, fakeClock } from '../../../testing/fake-timers';
import { makeAssignment, makeCounts, othersAssignment } from '../testing/fixtures';
import {
  type Call,
  catchDownloads,
  mockApi,
  ok,
  refusal,
  renderAtDashboard,
  searchOf,
  signInAs,
} from '../testing/harness';
import { AssignmentsDashboard } from './assignments-dashboard';

const LEARNER = ['assignment:view', 'my_notepad:view'];
const ADMIN = [
  'all_assignments:view',
  'assignment:view',
  'assignment:create',
  'assignment:delete',
  'review_assignments:view',
  'notes_to_user:view',
  'notes_to_user:create',
  'notes_to_user:update',
  'employee_list:view',
];

interface Setup {
  keys?: string[];
  rows?: TAssignment[] | ((call: Call) => TAssignment[]);
  total?: number;
  counts?: Partial<TAssignmentCountResponse>;
  deleteFails?: string;
  url?: string;
}

/** the SCORE part the app layer passes (features/scores) */
const ScorePart = () => <p>the score part</p>;

function setup({ keys = ADMIN, rows = [makeAssignment(1)], total, counts, deleteFails, url }: Setup = {}) {
  const session = signInAs(keys);
  const calls = mockApi(session, (call) => {
    if (call.path === '/api/v1/sims/assignment/list') {
      const list = typeof rows === 'function' ? rows(call) : rows;
      return ok({ assignments: list, total: total ?? list.length });
    }
    if (call.path === '/api/v1/sims/assignment/count') return ok(makeCounts(counts));
    if (call.path.startsWith('/api/v1/sims/delete-assignment/'))
      return deleteFails ? refusal(409, deleteFails) : ok({ message: M.deleted });
    if (call.path.startsWith('/api/v1/sims/save-assignment-notes/')) return ok({ message: M.notesSaved });
    if (call.path === '/api/v1/sims/excel/assignments') return new Response('xlsx', { status: 200 });
    return undefined;
  });
  const view = renderAtDashboard(<AssignmentsDashboard parts={{ ScoreTab: ScorePart }} />, { url });
  const lists = () => calls.filter((c) => c.path === '/api/v1/sims/assignment/list');
  return { ...view, calls, lists, lastList: () => lists()[lists().length - 1].query };
}

/** The track-record dialog's stand-in (features/results gives the real one through src/app). */
function TrackRecord({ assignmentId, title, onClose }: { assignmentId: string; title: string; onClose: () => void }) {
  return (
    <div role="dialog" aria-label={`record ${title}`}>
      {assignmentId}
      <button type="button" onClick={onClose}>
        close
      </button>
    </div>
  );
}

const tabNames = () => screen.getAllByRole('tab').map((t) => t.textContent);
const header = (name: string) => screen.queryByRole('columnheader', { name });
const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent);

/** The columns "Columns" offers (shown or not), the chooser closed again. */
async function columnChoices() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /^Columns/ }));
  const chooser = await screen.findByRole('dialog', { name: DATA_TABLE_TEXTS.chooseColumns });
  const labels = within(chooser)
    .getAllByRole('checkbox')
    .map((box) => box.closest('label')?.textContent ?? '');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  return labels;
}

/** Ticks every column in "Columns". */
async function showEveryColumn(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /^Columns/ }));
  const chooser = await screen.findByRole('dialog', { name: DATA_TABLE_TEXTS.chooseColumns });
  for (const box of within(chooser).getAllByRole('checkbox'))
    if (!(box as HTMLInputElement).checked) await user.click(box);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
}

describe('assignments dashboard: tabs', () => {
  it('shows every tab with its count to an administrator, My Assignments first open', async () => {
    setup({
      counts: { allAssignmentCount: 12, myAssignmentCount: 4, completedAssignmentCount: 3, readyForReviewCount: 2 },
    });
    await screen.findByRole('tab', { name: 'All Assignment (12)' });
    expect(tabNames()).toEqual([
      'All Assignment (12)',
      'My Assignments (4)',
      'Completed (3)',
      'Pending Review (2)',
      T.tabScore,
    ]);
    expect(screen.getByRole('tab', { name: 'My Assignments (4)' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('button', { name: T.addAssignment })).toBeTruthy();
    expect(screen.getByRole('button', { name: T.exportExcel })).toBeTruthy();
  });

  it('a learner sees My Assignments and Completed, no ADD ASSIGNMENT, export or SCORE', async () => {
    setup({ keys: LEARNER });
    await screen.findByRole('tab', { name: 'My Assignments (4)' });
    expect(tabNames()).toEqual(['My Assignments (4)', 'Completed (3)']);
    await screen.findByText('Refills 1');
    expect(screen.queryByRole('button', { name: T.addAssignment })).toBeNull();
    expect(screen.queryByRole('button', { name: T.exportExcel })).toBeNull();
  });

  it('says so without any assignment view', async () => {
    setup({ keys: ['groups:view'] });
    expect(await screen.findByText(M.noPermission)).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('blinks the unopened completed count, at most 999', async () => {
    setup({ counts: { unopenedCompletedAssignments: 1500 } });
    const badge = await screen.findByTestId('unopened-badge');
    expect(badge.textContent).toBe('999');
    expect(screen.getByRole('tab', { name: `Completed (3), ${T.unopened(999)}` })).toBeTruthy();
  });

  it('puts the tab in the URL, back on page 1; SCORE shows the score part', async () => {
    const { router, lastList } = setup({ url: '/dashboard?page=2', total: 25 });
    await screen.findByText('Refills 1');
    expect(lastList().get('skip')).toBe('10');
    await userEvent.click(screen.getByRole('tab', { name: /^Completed/ }));
    await waitFor(() => expect(searchOf(router).get('tab')).toBe('COMPLETED'));
    expect(searchOf(router).get('page')).toBeNull();
    await waitFor(() => expect(lastList().get('tab')).toBe('COMPLETED'));
    expect(lastList().get('skip')).toBe('0');
    await userEvent.click(screen.getByRole('tab', { name: T.tabScore }));
    expect(await screen.findByText('the score part')).toBeTruthy();
  });
});

describe('assignments dashboard: list', () => {
  it('shows the columns of the All tab with cut texts, dates and status chips', async () => {
    const user = userEvent.setup();
    const long = 'A very long assignment title that goes on and on past fifty';
    setup({
      url: '/dashboard?tab=All_ASSIGNMENT',
      rows: [
        othersAssignment(1, {
          assignment: long,
          notes: 'n'.repeat(100),
          groups: ['Night shift', 'Pharmacy'],
          status: 'IN PROGRESS',
          start_date: '2030-03-05T10:00:00.000Z',
        }),
      ],
    });
    await screen.findByText('Grace Hopper');
    // issue 31: at first the columns a person needs, the others in the row's details
    expect(headers()).toEqual([
      T.colAssignedTo,
      T.colAssignment,
      T.colAssignedOn,
      T.colMessage,
      T.colStatus,
      T.colActions,
    ]);
    expect(screen.getByText(`${long.slice(0, 47)}...`)).toBeTruthy();
    expect(screen.getByText('Mar 04 2030')).toBeTruthy();
    expect(screen.getByText('IN PROGRESS')).toBeTruthy();
    expect(screen.getByText('Showing 1 to 1 of 1 entries')).toBeTruthy();
    // every other column of the spec is one "Columns" away, in the spec's order
    await showEveryColumn(user);
    expect(headers()).toEqual([
      T.colAssignedTo,
      T.colGroup,
      T.colToolType,
      T.colAssignment,
      T.colAssignedOn,
      T.colAssignedBy,
      T.colInstruction,
      T.colMessage,
      T.colStartDate,
      T.colStatus,
      T.colActions,
    ]);
    expect(header(T.colSentForReview)).toBeNull();
    expect(screen.getByText(`${'n'.repeat(87)}...`)).toBeTruthy();
    expect(screen.getByText('Night shift, Pharmacy')).toBeTruthy();
    expect(screen.getByText('Mar 05 2030')).toBeTruthy();
  });

  it("keeps the other columns in each row's details, with the whole instruction", async () => {
    const user = userEvent.setup();
    setup({
      url: '/dashboard?tab=All_ASSIGNMENT',
      rows: [
        othersAssignment(1, {
          notes: 'n'.repeat(100),
          groups: ['Night shift', 'Pharmacy'],
          start_date: '2030-03-05T10:00:00.000Z',
        }),
      ],
    });
    await screen.findByText('Grace Hopper');
    await user.click(screen.getByRole('button', { name: DATA_TABLE_TEXTS.detailsOf('Refills 1') }));
    const details = await screen.findByRole('dialog', { name: 'Refills 1' });
    const value = (label: string) => within(details).getByText(label).nextElementSibling?.textContent;
    expect(value(T.colGroup)).toBe('Night shift, Pharmacy');
    expect(value(T.colToolType)).toBe('Training SIM');
    expect(value(T.colAssignedBy)).toBe('Sam Super');
    expect(value(T.colInstruction)).toBe('n'.repeat(100));
    expect(value(T.colStartDate)).toBe('Mar 05 2030');
    // the table's own columns are not repeated
    expect(within(details).queryByText(T.colStatus)).toBeNull();
  });

  it('keeps the chosen columns of a tab for the next visit', async () => {
    const user = userEvent.setup();
    const first = setup({ url: '/dashboard?tab=COMPLETED', rows: [makeAssignment(1, { status: 'PASS' })] });
    await screen.findByText('Refills 1');
    expect(header(T.colSentForReview)).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Columns/ }));
    await user.click(await screen.findByRole('checkbox', { name: T.colSentForReview }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(header(T.colSentForReview)).toBeTruthy());
    first.unmount();
    setup({ url: '/dashboard?tab=COMPLETED', rows: [makeAssignment(1, { status: 'PASS' })] });
    await screen.findByText('Refills 1');
    expect(header(T.colSentForReview)).toBeTruthy();
  });

  it('shows review dates on Completed and COMPLETED ON on Pending Review; no ASSIGNED TO on My', async () => {
    const { router } = setup({ url: '/dashboard?tab=COMPLETED', rows: [makeAssignment(1, { status: 'PASS' })] });
    await screen.findByText('Refills 1');
    expect(header(T.colDateOfReview)).toBeTruthy();
    expect(header(T.colCompletedOn)).toBeNull();
    // SENT FOR REVIEW DATE is the tab's too, in the row's details until it is chosen
    expect(await columnChoices()).toContain(T.colSentForReview);
    await router.navigate('/dashboard?tab=PENDING_REVIEW');
    await waitFor(() => expect(header(T.colCompletedOn)).toBeTruthy());
    expect(header(T.colDateOfReview)).toBeNull();
    expect(await columnChoices()).not.toContain(T.colDateOfReview);
    await router.navigate('/dashboard');
    await waitFor(() => expect(header(T.colAssignedTo)).toBeNull());
    expect(header(T.colGroup)).toBeNull();
    expect(await columnChoices()).not.toContain(T.colGroup);
  });

  it("shows NO PASS rows in red and other users' rows grey and closed", async () => {
    setup({
      url: '/dashboard?tab=All_ASSIGNMENT',
      rows: [
        makeAssignment(1, { status: 'NO PASS' }),
        othersAssignment(2, { status: 'IN PROGRESS' }),
        othersAssignment(3, { status: 'PENDING REVIEW' }),
      ],
    });
    const failed = (await screen.findByText('Refills 1')).closest('tr') as HTMLElement;
    const muted = screen.getByText('Refills 2').closest('tr') as HTMLElement;
    const review = screen.getByText('Refills 3').closest('tr') as HTMLElement;
    expect([failed.dataset.tone, muted.dataset.tone, review.dataset.tone]).toEqual(['failed', 'muted', 'normal']);
    expect(muted.getAttribute('tabindex')).toBeNull();
    expect(review.getAttribute('tabindex')).toBe('0');
    await userEvent.click(muted);
    expect(screen.queryByRole('dialog')).toBeNull();
    // the Review icon opens the sim's level cards, where View Results leads to the result view
    await userEvent.click(within(review).getByRole('button', { name: `${T.review} Refills 3` }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('TRACK RECORD on a reviewed Completed row opens the track-record dialog it is given', async () => {
    const session = signInAs(LEARNER);
    mockApi(session, (call) => {
      if (call.path === '/api/v1/sims/assignment/list')
        return ok({
          assignments: [makeAssignment(1, { status: 'NO PASS' }), makeAssignment(2, { status: 'COMPLETED' })],
          total: 2,
        });
      if (call.path === '/api/v1/sims/assignment/count') return ok(makeCounts());
      return undefined;
    });
    renderAtDashboard(<AssignmentsDashboard parts={{ TrackRecordDialog: TrackRecord }} />, {
      url: '/dashboard?tab=COMPLETED',
    });
    const reviewed = (await screen.findByText('Refills 1')).closest('tr') as HTMLElement;
    const done = screen.getByText('Refills 2').closest('tr') as HTMLElement;
    expect(within(done).queryByRole('button', { name: /TRACK RECORD/ })).toBeNull();
    await userEvent.click(within(reviewed).getByRole('button', { name: `${T.trackRecord} Refills 1` }));
    const dialog = await screen.findByRole('dialog', { name: 'record Refills 1' });
    expect(dialog.textContent).toContain(makeAssignment(1)._id);
    await userEvent.click(within(dialog).getByRole('button', { name: 'close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows no TRACK RECORD without a track-record dialog', async () => {
    setup({ keys: LEARNER, url: '/dashboard?tab=COMPLETED', rows: [makeAssignment(1, { status: 'PASS' })] });
    await screen.findByText('Refills 1');
    expect(screen.queryByRole('button', { name: /TRACK RECORD/ })).toBeNull();
  });

  it.each([
    { who: 'an administrator', keys: ADMIN, url: '/dashboard?tab=All_ASSIGNMENT', title: M.emptyFirst, hint: true },
    { who: 'a learner', keys: LEARNER, url: '/dashboard', title: M.emptyNone, hint: false },
    { who: 'anyone on Completed', keys: ADMIN, url: '/dashboard?tab=COMPLETED', title: M.emptyTab, hint: false },
    { who: 'a search', keys: ADMIN, url: '/dashboard?textSearch=zzz', title: M.emptyTab, hint: false },
  ])('empty list for $who: "$title"', async ({ keys, url, title, hint }) => {
    setup({ keys, url, rows: [] });
    expect(await screen.findByText(title)).toBeTruthy();
    expect(Boolean(screen.queryByText(M.emptyFirstHint))).toBe(hint);
    expect(screen.queryAllByRole('button', { name: T.addAssignment })).toHaveLength(
      hint ? 2 : keys === LEARNER ? 0 : 1,
    );
  });

  it('searches on Enter and goes back to page 1', async () => {
    const { router, lastList } = setup({ url: '/dashboard?page=3', total: 40 });
    await screen.findByText('Refills 1');
    expect(lastList().get('skip')).toBe('20');
    await userEvent.type(screen.getByRole('textbox', { name: T.searchLabel }), 'refill{Enter}');
    await waitFor(() => expect(searchOf(router).get('textSearch')).toBe('refill'));
    expect(searchOf(router).get('page')).toBeNull();
    await waitFor(() => expect(lastList().get('textSearch')).toBe('refill'));
    expect(lastList().get('skip')).toBe('0');
  });

  it('sorts by a column through the URL, back on page 1', async () => {
    const { router, lastList } = setup({ url: '/dashboard?page=2', total: 25 });
    await screen.findByText('Refills 1');
    await userEvent.click(screen.getByRole('button', { name: T.colAssignment }));
    await waitFor(() => expect(searchOf(router).get('sortBy')).toBe('assignment'));
    expect(searchOf(router).get('order')).toBe('asc');
    expect(searchOf(router).get('page')).toBeNull();
    await waitFor(() => expect(lastList().get('orderBy')).toBe('assignment'));
    expect(lastList().get('order')).toBe('asc');
    await userEvent.click(screen.getByRole('button', { name: T.colAssignment }));
    // descending is the default order: it leaves the URL
    await waitFor(() => expect(lastList().get('order')).toBe('desc'));
    expect(searchOf(router).get('sortBy')).toBe('assignment');
    expect(searchOf(router).get('order')).toBeNull();
  });

  it("pages by 10 with the spec's label", async () => {
    const rows = Array.from({ length: 10 }, (_, i) => makeAssignment(i + 1));
    const { router } = setup({ rows, total: 23 });
    expect(await screen.findByText('Showing 1 to 10 of 23 entries')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(searchOf(router).get('page')).toBe('2'));
  });

  it('exports the tab as Excel under its file name', async () => {
    const names = catchDownloads();
    const { calls } = setup({ url: '/dashboard?tab=COMPLETED&textSearch=ref' });
    await screen.findByText('Refills 1');
    await userEvent.click(screen.getByRole('button', { name: T.exportExcel }));
    await waitFor(() => expect(names).toEqual(['Completed_Assignments.xlsx']));
    const call = calls.find((c) => c.path === '/api/v1/sims/excel/assignments');
    expect(call?.query.get('tab')).toBe('COMPLETED');
    expect(call?.query.get('textSearch')).toBe('ref');
  });

  it('disables ADD ASSIGNMENT without assignment create, with its tooltip', async () => {
    setup({ keys: ADMIN.filter((k) => k !== 'assignment:create') });
    const add = await screen.findByRole('button', { name: T.addAssignment });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    await userEvent.hover(add.parentElement as HTMLElement);
    expect(await screen.findByText(M.noCreateAssignment)).toBeTruthy();
  });
});

describe('assignments dashboard: on a phone (issue 31)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a card per assignment: its title, status, message and date, Go, and DETAILS for the rest', async () => {
    // MUI's useMediaQuery answers from window.matchMedia: a phone's width
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
      })),
    );
    const user = userEvent.setup();
    setup({
      keys: LEARNER,
      rows: [makeAssignment(1, { review_comments: 'Slow down', notes: 'Practise twice' }), makeAssignment(2)],
    });
    await screen.findByRole('heading', { name: 'Refills 1' });
    const list = screen.getByRole('list', { name: 'My Assignments' });
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    const card = within(cards[0]);
    expect(card.getByRole('heading', { name: 'Refills 1' })).toBeTruthy();
    expect(card.getByText(T.colMessage).nextElementSibling?.textContent).toBe('Slow down');
    expect(card.getByText(T.colAssignedOn).nextElementSibling?.textContent).toBe('Mar 04 2030');
    expect(card.getByText('NOT STARTED')).toBeTruthy();
    expect(card.getByRole('button', { name: `${T.go} Refills 1` })).toBeTruthy();
    await user.click(card.getByRole('button', { name: DATA_TABLE_TEXTS.detailsOf('Refills 1') }));
    const details = await screen.findByRole('dialog', { name: 'Refills 1' });
    expect(within(details).getByText(T.colInstruction).nextElementSibling?.textContent).toBe('Practise twice');
    expect(within(details).getByText(T.colAssignedBy).nextElementSibling?.textContent).toBe('Sam Super');
  });
});

describe('assignments dashboard: delete', () => {
  it('offers delete on NOT STARTED rows only, confirms, and shows the message for 5 seconds', async () => {
    const { user, advance } = fakeClock();
    const { calls } = setup({
      rows: [makeAssignment(1), makeAssignment(2, { status: 'IN PROGRESS' })],
    });
    await screen.findByText('Refills 1');
    expect(screen.queryByRole('button', { name: `${T.delete} Refills 2` })).toBeNull();
    await user.click(screen.getByRole('button', { name: `${T.delete} Refills 1` }));
    const dialog = await screen.findByRole('dialog', { name: T.deleteTitle });
    await user.click(within(dialog).getByRole('button', { name: T.deleteConfirm }));
    expect(await screen.findByText(M.deleted)).toBeTruthy();
    const call = calls.find((c) => c.method === 'DELETE');
    expect(call?.path).toBe(`/api/v1/sims/delete-assignment/${makeAssignment(1)._id}`);
    await advance(5000 - BEFORE_DUE_MS);
    expect(screen.getByText(M.deleted)).toBeTruthy();
    await advance(BEFORE_DUE_MS + 100);
    // the toast then slides away
    await waitFor(() => expect(screen.queryByText(M.deleted)).toBeNull());
  });

  it("shows the server's refusal in a closable alert", async () => {
    setup({ deleteFails: M.onlyNotStarted });
    await screen.findByText('Refills 1');
    await userEvent.click(screen.getByRole('button', { name: `${T.delete} Refills 1` }));
    await userEvent.click(await screen.findByRole('button', { name: T.deleteConfirm }));
    await waitForElementToBeRemoved(() => screen.queryByRole('dialog'));
    const alert = await screen.findByText(M.onlyNotStarted);
    await userEvent.click(
      within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: /close/i }),
    );
    await waitFor(() => expect(screen.queryByText(M.onlyNotStarted)).toBeNull());
  });

  it('without assignment delete the control is disabled with its tooltip', async () => {
    setup({ keys: ADMIN.filter((k) => k !== 'assignment:delete') });
    const button = await screen.findByRole('button', { name: `${T.delete} Refills 1` });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.hover(button.parentElement as HTMLElement);
    expect(await screen.findByText(M.noDelete)).toBeTruthy();
  });
});

describe('assignments dashboard: instruction dialog', () => {
  it('adds a first instruction (create)', async () => {
    const { calls } = setup();
    await screen.findByText('Refills 1');
    await userEvent.click(screen.getByRole('button', { name: `${T.instructionTitles.add} Refills 1` }));
    const dialog = await screen.findByRole('dialog', { name: T.instructionTitles.add });
    const save = within(dialog).getByRole('button', { name: T.save });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(dialog).getByRole('textbox', { name: T.instructionLabel }), 'Practise twice');
    await userEvent.click(save);
    expect(await screen.findByText(M.notesSaved)).toBeTruthy();
    const call = calls.find((c) => c.path.startsWith('/api/v1/sims/save-assignment-notes/'));
    expect(call?.body).toEqual({ assignment_notes: 'Practise twice', edit: false });
  });

  it('edits an instruction with notes_to_user update', async () => {
    const { calls } = setup({ rows: [makeAssignment(1, { notes: 'Read the script' })] });
    await screen.findByText('Refills 1');
    await userEvent.click(screen.getByRole('button', { name: `${T.instructionTitles.edit} Refills 1` }));
    const dialog = await screen.findByRole('dialog', { name: T.instructionTitles.edit });
    const field = within(dialog).getByRole('textbox', { name: T.instructionLabel });
    await userEvent.clear(field);
    await userEvent.type(field, 'Read it twice');
    await userEvent.click(within(dialog).getByRole('button', { name: T.update }));
    await screen.findByText(M.notesSaved);
    expect(calls.find((c) => c.path.startsWith('/api/v1/sims/save-assignment-notes/'))?.body).toEqual({
      assignment_notes: 'Read it twice',
      edit: true,
    });
  });

  it('shows it read-only without update, saying why', async () => {
    setup({
      keys: ADMIN.filter((k) => k !== 'notes_to_user:update'),
      rows: [makeAssignment(1, { notes: 'Read the script' })],
    });
    await screen.findByText('Refills 1');
    await userEvent.click(screen.getByRole('button', { name: `${T.instructionTitles.view} Refills 1` }));
    const dialog = await screen.findByRole('dialog', { name: T.instructionTitles.view });
    const field = within(dialog).getByRole('textbox', { name: T.instructionLabel }) as HTMLTextAreaElement;
    expect(field.readOnly).toBe(true);
    expect(field.value).toBe('Read the script');
    const update = within(dialog).getByRole('button', { name: T.update });
    expect((update as HTMLButtonElement).disabled).toBe(true);
    await userEvent.hover(update.parentElement as HTMLElement);
    expect(await screen.findByText(M.noUpdate)).toBeTruthy();
  });

  it('cannot add a first instruction without create', async () => {
    setup({ keys: ADMIN.filter((k) => k !== 'notes_to_user:create') });
    const button = await screen.findByRole('button', { name: `${T.instructionTitles.add} Refills 1` });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    await userEvent.hover(button.parentElement as HTMLElement);
    expect(await screen.findByText(M.noCreate)).toBeTruthy();
  });
});
