import { SCORE_TEXTS, SCORE_UI_TEXTS as T } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { searchOf } from '../../assignments/testing/harness';
import { ids, makeFilters } from '../testing/fixtures';
import { FILTERS, findCell, renderScoreTab } from '../testing/setup';

const checked = (element: HTMLElement) => (element as HTMLInputElement).checked;
const section = (name: string) => screen.getByRole('group', { name });
const boxes = (name: string) => within(section(name)).getAllByRole('checkbox');
const labels = (name: string) => boxes(name).map((b) => b.getAttribute('aria-label'));

async function ready(setup: Parameters<typeof renderScoreTab>[0] = {}) {
  const view = renderScoreTab(setup);
  await findCell('Member 1');
  await screen.findByText(T.groups, { selector: 'h3' });
  return view;
}

describe('score filter panel', () => {
  it('lists the first 6 groups, then Show all / Hide all', async () => {
    const user = userEvent.setup();
    await ready({ filters: makeFilters({ groups: 8, members: 3 }) });
    expect(labels(T.groups)).toEqual(['Group 1', 'Group 2', 'Group 3', 'Group 4', 'Group 5', 'Group 6']);
    const groups = screen.getByRole('group', { name: T.groups }).parentElement as HTMLElement;
    await user.click(within(groups).getByRole('button', { name: SCORE_TEXTS.showAll }));
    expect(labels(T.groups)).toHaveLength(8);
    await user.click(within(groups).getByRole('button', { name: SCORE_TEXTS.hideAll }));
    expect(labels(T.groups)).toHaveLength(6);
    // three members: no toggle
    const members = screen.getByRole('group', { name: T.members }).parentElement as HTMLElement;
    expect(within(members).queryByRole('button', { name: SCORE_TEXTS.showAll })).toBeNull();
  });

  it('filters by a group: the body, the URL, page 1; the members list narrows to the group', async () => {
    const user = userEvent.setup();
    const { lastListing, router } = await ready({ url: '/dashboard?tab=SCORE&page=2', total: 30 });
    await user.click(within(section(T.groups)).getByRole('checkbox', { name: 'Group 1' }));
    await waitFor(() => expect(lastListing().body).toMatchObject({ groups: [ids.group(1)] }));
    expect(lastListing().query.get('skip')).toBe('0');
    expect(searchOf(router).get('groups')).toBe(ids.group(1));
    expect(searchOf(router).get('tab')).toBe('SCORE');
    // members 1 and 3 are in group 1
    expect(labels(T.members)).toEqual(['Member 1', 'Member 3']);
  });

  it('filters by members, Assigned Only and Unassigned Only', async () => {
    const user = userEvent.setup();
    const { lastListing } = await ready();
    await user.click(within(section(T.members)).getByRole('checkbox', { name: 'Member 2' }));
    await waitFor(() => expect(lastListing().body).toMatchObject({ members: [ids.member(2)] }));
    await user.click(screen.getByRole('checkbox', { name: SCORE_TEXTS.unassignedOnly }));
    await waitFor(() => expect(lastListing().body).toMatchObject({ un_assigned: true, assigned: false }));
    await user.click(screen.getByRole('checkbox', { name: SCORE_TEXTS.assignedOnly }));
    await waitFor(() => expect(lastListing().body).toMatchObject({ un_assigned: true, assigned: true }));
  });

  it('cuts sim titles at 22 characters and filters by a sim, then by one of its levels', async () => {
    const user = userEvent.setup();
    const { lastListing } = await ready();
    const long = 'Billing Dispute Call With A Very Long Title';
    expect(screen.getByText('Billing Dispute Cal...')).toBeTruthy();
    expect(screen.queryByText(long)).toBeNull();

    const simBox = screen.getByRole('checkbox', { name: long });
    await user.click(simBox);
    await waitFor(() => expect(lastListing().body).toMatchObject({ sims: [{ sim_id: ids.sim(1), levels: [] }] }));

    await user.click(screen.getByRole('button', { name: T.expandLevels(long) }));
    const levels = within(await screen.findByRole('group', { name: long }));
    expect(levels.getAllByRole('checkbox').map((b) => b.closest('label')?.textContent)).toEqual([
      'Level 1: Step 0',
      'Level 2: Step 1',
      'Level 3: Step 2',
    ]);
    await user.click(levels.getByRole('checkbox', { name: 'Level 2: Step 1' }));
    await waitFor(() =>
      expect(lastListing().body).toMatchObject({
        sims: [{ sim_id: ids.sim(1), levels: [ids.level(1, 0), ids.level(1, 2)] }],
      }),
    );
    expect(simBox.getAttribute('data-indeterminate')).toBe('true');
  });

  it('asks for the sims of a chosen tool and drops sims of the old one', async () => {
    const user = userEvent.setup();
    const { lastListing, calls, router } = await ready({ url: `/dashboard?tab=SCORE&sims=${ids.sim(2)}` });
    await user.click(screen.getByRole('combobox', { name: T.toolLabel }));
    await user.click(await screen.findByRole('option', { name: 'Training SIM - Internal Data' }));
    await waitFor(() => expect(lastListing().body).toMatchObject({ product: ids.tool(1), sims: [] }));
    expect(calls.some((c) => c.path === FILTERS && c.query.get('product') === ids.tool(1))).toBe(true);
    expect(searchOf(router).has('sims')).toBe(false);
    // only the tool's sims are offered
    expect(screen.queryByRole('checkbox', { name: 'Hiring Screen' })).toBeNull();
  });

  it('clears every filter but the result choice', async () => {
    const user = userEvent.setup();
    const { lastListing, router } = await ready({
      url: `/dashboard?tab=SCORE&result=highest&groups=${ids.group(2)}&assigned=true&startDate=2026-03-01`,
    });
    expect(checked(within(section(T.groups)).getByRole('checkbox', { name: 'Group 2' }))).toBe(true);
    await user.click(screen.getByRole('button', { name: T.clearFilters }));
    await waitFor(() => expect(lastListing().body).toMatchObject({ groups: [], assigned: false, startDate: null }));
    expect(lastListing().query.get('highest_level')).toBe('true');
    expect(Object.fromEntries(searchOf(router))).toEqual({ tab: 'SCORE', result: 'highest' });
  });
});
