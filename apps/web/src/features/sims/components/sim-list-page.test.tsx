import { AUTHORING_TEXTS, DATA_TABLE_TEXTS, EXCEL_SIM_LIST, MESSAGES, SIM_LIST_TEXTS, type TSim } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, makeUser, mockFetch, renderApp, signIn, userDetails } from '../../../testing/render-app';

// the first render builds the whole app shell: give it more than the default second

const ALL = ['sim_list:view', 'sim_list:create', 'sim_list:update', 'sim_list:delete'];

function makeSim(i: number, overrides: Partial<TSim> = {}): TSim {
  return {
    _id: `s${i}`,
    title: `Sim ${i}`,
    description: 'd',
    brief_description: '',
    admin_note: `note ${i}`,
    product_id: 'p1',
    product: 'p1',
    product_name: 'Scheduling',
    product_type: 'Voice Only',
    sim_type: 'training',
    call_type: 'Physician Referral',
    auto_populate: false,
    real_time_feedback: false,
    natural_lenguage: false,
    draft: i % 2 === 0,
    hot_links: [],
    documents: [],
    activeStep: 0,
    is_pass_fail_criteria_set: false,
    pass_fail_id: null,
    company: 'c1',
    created_by: { _id: 'u1', name: 'Ada Lovelace' },
    built_by: 'Ada Lovelace',
    created_at: '2030-03-04T10:00:00.000Z',
    updated_at: '2030-03-05T10:00:00.000Z',
    deleted_at: null,
    totalLevels: 2,
    totalSteps: 7,
    ...overrides,
  };
}

interface Setup {
  keys?: string[];
  role?: string;
  sims?: TSim[];
  total?: number;
  trash?: TSim[];
  deleteFails?: string;
}

function setup({ keys = ALL, role = 'admin', sims = [makeSim(1)], total, trash = [], deleteFails }: Setup = {}) {
  const user = makeUser({ role });
  signIn(user);
  const listings: URLSearchParams[] = [];
  const exports: URLSearchParams[] = [];
  const posts: { path: string; body: unknown }[] = [];
  mockFetch((url, init) => {
    if (init?.body) posts.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
    switch (url.pathname) {
      case '/api/v1/permissions/user-details':
        return jsonResponse(userDetails(user, keys));
      case '/api/v1/product':
        return jsonResponse({
          success: true,
          products: [{ _id: '00000000-0000-4000-8000-000000000001', name: 'Scheduling', type: 'Voice Only' }],
        });
      case '/api/v1/sims/listing':
        listings.push(url.searchParams);
        return jsonResponse({ success: true, sims, total: total ?? sims.length });
      case '/api/v1/sims/excel/list':
        exports.push(url.searchParams);
        return new Response('xlsx bytes', {
          status: 200,
          headers: { 'content-disposition': 'attachment; filename="Sims.xlsx"' },
        });
      case '/api/v1/sims/deleted-sims':
        return jsonResponse({ success: true, sims: trash, total: trash.length });
      case '/api/v1/sims/delete':
        return deleteFails
          ? jsonResponse({ success: false, code: 'CONFLICT', message: deleteFails }, 409)
          : jsonResponse({ success: true, message: 'Sim moved to the trash.' });
      default:
        return undefined;
    }
  });
  return { listings, exports, posts, lastListing: () => listings[listings.length - 1] };
}

describe('/sims (sim list)', () => {
  it('shows the title, the columns and the level/script tooltip', async () => {
    setup({ sims: [makeSim(1, { admin_note: 'n'.repeat(130) })] });
    renderApp('/sims');
    expect(await screen.findByRole('heading', { name: AUTHORING_TEXTS.listTitle })).toBeTruthy();
    const cell = await screen.findByText('Sim 1');
    for (const label of [SIM_LIST_TEXTS.colSimulator, SIM_LIST_TEXTS.colDraft, SIM_LIST_TEXTS.colActions])
      expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByText(`${'n'.repeat(117)}...`)).toBeTruthy();
    expect(screen.getByText('Showing 1 to 1 of 1 entries')).toBeTruthy();
    await userEvent.hover(cell);
    expect(await screen.findByText(AUTHORING_TEXTS.simTooltip(2, 7))).toBeTruthy();
  });

  it('shows the spec’s columns: CREATED in each row’s details until it is chosen (issue 31)', async () => {
    const user = userEvent.setup();
    setup({ sims: [makeSim(1)] });
    renderApp('/sims');
    const table = await screen.findByRole('table', { name: AUTHORING_TEXTS.listTitle });
    await within(table).findByText('Sim 1');
    const headers = () =>
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
    const T = SIM_LIST_TEXTS;
    expect(headers()).toEqual([
      T.colSimulator,
      T.colType,
      T.colUpdated,
      T.colAdminNotes,
      T.colDraft,
      T.colBuiltBy,
      T.colActions,
    ]);
    await user.click(within(table).getByRole('button', { name: DATA_TABLE_TEXTS.detailsOf('Sim 1') }));
    const details = await screen.findByRole('dialog', { name: 'Sim 1' });
    expect(within(details).getByText(T.colCreated).nextElementSibling?.textContent).toBe('Mar 04 2030');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: /^Columns/ }));
    await user.click(await screen.findByRole('checkbox', { name: T.colCreated }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(headers()).toEqual([
      T.colSimulator,
      T.colType,
      T.colCreated,
      T.colUpdated,
      T.colAdminNotes,
      T.colDraft,
      T.colBuiltBy,
      T.colActions,
    ]);
  });

  it('disables what the user may not do, with the permission tooltips', async () => {
    setup({ keys: ['sim_list:view'] });
    renderApp('/sims');
    await screen.findByText('Sim 1');
    const add = screen.getByRole('button', { name: SIM_LIST_TEXTS.addNewSim });
    const edit = screen.getByRole('button', { name: `${SIM_LIST_TEXTS.edit} Sim 1` });
    const del = screen.getByRole('button', { name: `${SIM_LIST_TEXTS.delete} Sim 1` });
    const view = screen.getByRole('button', { name: `${SIM_LIST_TEXTS.view} Sim 1` });
    expect([add, edit, del].map((b) => (b as HTMLButtonElement).disabled)).toEqual([true, true, true]);
    expect((view as HTMLButtonElement).disabled).toBe(false);
    for (const [button, text] of [
      [add, AUTHORING_TEXTS.noPermissionCreate],
      [edit, AUTHORING_TEXTS.noPermissionUpdate],
      [del, AUTHORING_TEXTS.noPermissionDelete],
    ] as const) {
      await userEvent.hover(button.parentElement as HTMLElement);
      expect(await screen.findByText(text)).toBeTruthy();
      await userEvent.unhover(button.parentElement as HTMLElement);
    }
  });

  it('goes back to page 1 on a search, a sort change and a product filter change', async () => {
    const sims = Array.from({ length: 10 }, (_, i) => makeSim(i + 1));
    const { lastListing } = setup({ sims, total: 25 });
    renderApp('/sims');
    await screen.findByText('Sim 1');
    const next = () => screen.getByRole('button', { name: /next page/i });
    const expectSkip = (skip: string) => waitFor(() => expect(lastListing().get('skip')).toBe(skip));

    await userEvent.click(next());
    await expectSkip('10');
    await userEvent.type(screen.getByRole('textbox', { name: SIM_LIST_TEXTS.searchLabel }), 'cardio{Enter}');
    await expectSkip('0');
    expect(lastListing().get('title')).toBe('cardio');

    await userEvent.click(next());
    await expectSkip('10');
    await userEvent.click(screen.getByRole('button', { name: SIM_LIST_TEXTS.colSimulator }));
    await expectSkip('0');
    expect(lastListing().get('sortBy')).toBe('title');

    await userEvent.click(next());
    await expectSkip('10');
    await userEvent.click(screen.getByRole('combobox', { name: SIM_LIST_TEXTS.product }));
    await userEvent.click(await screen.findByRole('option', { name: 'Scheduling' }));
    await expectSkip('0');
    expect(lastListing().get('product')).toBe('00000000-0000-4000-8000-000000000001');
  });

  it('keeps page, sort and search in the URL: a reload and the back button show the same list', async () => {
    const sims = Array.from({ length: 10 }, (_, i) => makeSim(i + 1));
    const { lastListing } = setup({ sims, total: 25 });
    const { router } = renderApp('/sims?page=2&sortBy=title&order=asc&textSearch=cardio');
    const showing = (from: number) =>
      screen.findByText(SIM_LIST_TEXTS.showing(from, from + 9, 25), {}, { timeout: 5000 });
    expect(await showing(11)).toBeTruthy();
    expect(Object.fromEntries(lastListing())).toMatchObject({
      skip: '10',
      sortBy: 'title',
      order: 'asc',
      title: 'cardio',
    });
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(await showing(21)).toBeTruthy();
    expect(router.state.location.search).toBe('?page=3&sortBy=title&order=asc&textSearch=cardio');
    await router.navigate(-1);
    expect(await showing(11)).toBeTruthy();
  });

  it('shows the empty texts', async () => {
    setup({ sims: [] });
    renderApp('/sims');
    expect(await screen.findByText(AUTHORING_TEXTS.emptyTitle)).toBeTruthy();
    expect(screen.getByText(AUTHORING_TEXTS.emptyText)).toBeTruthy();
    expect(screen.getByText(AUTHORING_TEXTS.emptyPrompt)).toBeTruthy();
  });

  it('toggles to the trash: its title, restore instead of edit/delete, Empty Trash, and back', async () => {
    setup({ trash: [makeSim(9, { title: 'Old sim' })] });
    renderApp('/sims');
    await screen.findByText('Sim 1');
    expect(screen.queryByRole('button', { name: SIM_LIST_TEXTS.emptyTrash })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: SIM_LIST_TEXTS.trash }));
    expect(await screen.findByRole('heading', { name: AUTHORING_TEXTS.trashTitle })).toBeTruthy();
    await screen.findByText('Old sim');
    expect(screen.getByRole('button', { name: `${SIM_LIST_TEXTS.restore} Old sim` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: `${SIM_LIST_TEXTS.edit} Old sim` })).toBeNull();
    expect(screen.getByRole('button', { name: SIM_LIST_TEXTS.emptyTrash })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: SIM_LIST_TEXTS.sims }));
    expect(await screen.findByRole('heading', { name: AUTHORING_TEXTS.listTitle })).toBeTruthy();
  });

  it('asks before deleting; a refusal shows the server message in a closable alert', async () => {
    const { posts } = setup({ deleteFails: 'This sim is assigned and cannot be deleted.' });
    renderApp('/sims');
    await screen.findByText('Sim 1');
    await userEvent.click(screen.getByRole('button', { name: `${SIM_LIST_TEXTS.delete} Sim 1` }));
    const dialog = await screen.findByRole('dialog', { name: SIM_LIST_TEXTS.deleteTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: SIM_LIST_TEXTS.deleteConfirm }));
    const alert = await screen.findByText('This sim is assigned and cannot be deleted.');
    expect(posts).toContainEqual({ path: '/api/v1/sims/delete', body: { sim_id: 's1' } });
    await userEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button'));
    await waitFor(() => expect(screen.queryByText('This sim is assigned and cannot be deleted.')).toBeNull());
  });

  it('exports the list as shown (view, search, sort) to an .xlsx download', async () => {
    const { exports } = setup({ sims: [makeSim(1), makeSim(2)] });
    const saved: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderApp('/sims');
    await screen.findByText('Sim 1');
    await userEvent.click(screen.getByRole('button', { name: SIM_LIST_TEXTS.colSimulator }));
    await userEvent.click(screen.getByRole('button', { name: EXCEL_SIM_LIST.exportLabel }));
    await waitFor(() => expect(screen.queryByRole('alert')?.textContent ?? saved.join()).toBe('Sims.xlsx'));
    const q = exports[0];
    expect([q?.get('view'), q?.get('sortBy'), q?.get('product')]).toEqual(['sims', 'title', 'All']);
    click.mockRestore();
  });

  it('keeps the placeholder for agents', async () => {
    const { listings } = setup({ role: 'agent', keys: [] });
    renderApp('/sims');
    await waitFor(() => expect(screen.queryByRole('heading', { name: AUTHORING_TEXTS.listTitle })).toBeNull());
    expect(await screen.findByText(MESSAGES.comingSoon)).toBeTruthy();
    expect(listings).toHaveLength(0);
  });
});
