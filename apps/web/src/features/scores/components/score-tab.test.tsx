import { DATA_TABLE_TEXTS, LABELS, SCORE_COLUMNS, SCORE_TEXTS } from '@sim/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { searchOf } from '../../assignments/testing/harness';
import { ids, makeScoreRow } from '../testing/fixtures';
import { findCell, INSIGHTS, renderScoreTab } from '../testing/setup';

const checked = (element: HTMLElement) => (element as HTMLInputElement).checked;

describe('score tab: loading the scores', () => {
  it('asks for the first page of final results, newest completion first, with the empty filter', async () => {
    const { lastListing, calls } = renderScoreTab();
    await findCell('Member 1');
    const call = lastListing();
    expect(call.method).toBe('POST');
    expect(Object.fromEntries(call.query)).toEqual({
      skip: '0',
      limit: '10',
      textSearch: '',
      sortBy: 'completed_date',
      sort: 'desc',
      download: 'false',
      final_result: 'true',
      highest_level: 'false',
    });
    expect(call.body).toEqual({
      product: null,
      assigned: false,
      un_assigned: false,
      groups: [],
      members: [],
      sims: [],
      startDate: null,
      endDate: null,
      utc_offset: 0 - new Date().getTimezoneOffset(),
    });
    const insights = calls.find((c) => c.path === INSIGHTS);
    expect(insights?.body).toEqual(call.body);
    expect(checked(screen.getByRole('checkbox', { name: SCORE_TEXTS.finalOnly }))).toBe(true);
    expect(checked(screen.getByRole('checkbox', { name: SCORE_TEXTS.highestLevel }))).toBe(false);
  });

  it('tells a user without the All Assignments view that they cannot see scores, asking nothing', async () => {
    const { calls } = renderScoreTab({ keys: ['review_assignments:view'] });
    expect(await screen.findByText(SCORE_TEXTS.noPermission)).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('score tab: Highest level reached and Final result only', () => {
  it('ticking one unticks the other and asks again; unticking both asks for every attempt', async () => {
    const user = userEvent.setup();
    const { lastListing, router } = renderScoreTab();
    await findCell('Member 1');
    const highest = screen.getByRole('checkbox', { name: SCORE_TEXTS.highestLevel });
    const final = screen.getByRole('checkbox', { name: SCORE_TEXTS.finalOnly });

    await user.click(highest);
    await waitFor(() => expect(lastListing().query.get('highest_level')).toBe('true'));
    expect(lastListing().query.get('final_result')).toBe('false');
    expect(checked(highest)).toBe(true);
    expect(checked(final)).toBe(false);
    expect(searchOf(router).get('result')).toBe('highest');

    await user.click(highest);
    await waitFor(() => expect(lastListing().query.get('highest_level')).toBe('false'));
    expect(lastListing().query.get('final_result')).toBe('false');
    expect(checked(highest)).toBe(false);
    expect(checked(final)).toBe(false);

    // back to the default (the first answer comes from the cache)
    await user.click(final);
    await waitFor(() => expect(checked(final)).toBe(true));
    expect(searchOf(router).has('result')).toBe(false);
  });
});

describe('score tab: the table', () => {
  it('shows six columns at first, the others in the row’s details (issue 31)', async () => {
    const user = userEvent.setup();
    renderScoreTab({
      rows: [makeScoreRow(1, { keywordAccuracy: null, reviewed_by: null, wrapSeconds: 0, total_seconds: 3725 })],
    });
    const row = (await findCell('Member 1')).closest('tr') as HTMLElement;
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'SIM NAME',
      'LEVEL',
      'MEMBER',
      'OVERALL DATA ACCURACY',
      'COMPLETED DATE',
      'REVIEW STATUS',
      DATA_TABLE_TEXTS.details,
    ]);
    expect(within(row).getByRole('cell', { name: '70.83%' })).toBeTruthy();
    await user.click(
      within(row).getByRole('button', { name: DATA_TABLE_TEXTS.detailsOf('Billing Dispute Call, Member 1') }),
    );
    const details = await screen.findByRole('dialog', { name: 'Billing Dispute Call, Member 1' });
    const value = (label: string) => within(details).getByText(label).nextElementSibling?.textContent;
    expect(value('KEYWORD ACCURACY')).toBe('N/A');
    expect(value('TOTAL TIME')).toBe('1h 2m 5s');
    expect(value('WRAP-UP TIME')).toBe('0m 0s');
    expect(value('REVIEWER NAME')).toBe('------');
    // opening the details does not open the result
    expect(screen.queryByTestId('take-sim')).toBeNull();
  });

  it('shows the spec’s columns in order and the row’s values once every column is chosen', async () => {
    const user = userEvent.setup();
    renderScoreTab({
      rows: [makeScoreRow(1, { keywordAccuracy: null, reviewed_by: null, wrapSeconds: 0, total_seconds: 3725 })],
    });
    await findCell('Member 1');
    await user.click(screen.getByRole('button', { name: /^Columns/ }));
    const chooser = await screen.findByRole('dialog', { name: DATA_TABLE_TEXTS.chooseColumns });
    for (const box of within(chooser).getAllByRole('checkbox')) if (!checked(box)) await user.click(box);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = (await findCell('Member 1')).closest('tr') as HTMLElement;
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(SCORE_COLUMNS.map((c) => c.title));
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 9)).toEqual([
      'Billing Dispute Call',
      'LEVEL 3 - Read with keywords',
      'Member 1',
      'N/A',
      '75.00%',
      '50.00%',
      '70.83%',
      '1h 2m 5s',
      '0m 0s',
    ]);
    expect(cells.slice(11)).toEqual(['------', '------', '------', '------', '------']);
  });

  it('pages by 10 with "Showing X to Y of Z entries" and keeps the page in the URL', async () => {
    const user = userEvent.setup();
    const rows = (skip: number) => Array.from({ length: 10 }, (_, i) => makeScoreRow(skip + i + 1));
    const { lastListing, router } = renderScoreTab({
      rows: (call) => rows(Number(call.query.get('skip'))),
      total: 25,
    });
    expect(await screen.findByText('Showing 1 to 10 of 25 entries')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    await waitFor(() => expect(lastListing().query.get('skip')).toBe('10'));
    expect(await screen.findByText('Showing 11 to 20 of 25 entries')).toBeTruthy();
    expect(searchOf(router).get('page')).toBe('2');
  });

  it('says when the server stopped counting', async () => {
    renderScoreTab({ rows: Array.from({ length: 10 }, (_, i) => makeScoreRow(i + 1)), total: 1000, capped: true });
    expect(await screen.findByText('Showing 1 to 10 of 1000+ entries')).toBeTruthy();
  });

  it('sorts by a column: ascending first, then descending, back to page 1', async () => {
    const user = userEvent.setup();
    const { lastListing, router } = renderScoreTab({ url: '/dashboard?tab=SCORE&page=2', total: 30 });
    await findCell('Member 1');
    await user.click(screen.getByRole('button', { name: 'MEMBER' }));
    await waitFor(() => expect(lastListing().query.get('sortBy')).toBe('member'));
    expect(lastListing().query.get('sort')).toBe('asc');
    expect(lastListing().query.get('skip')).toBe('0');
    await user.click(screen.getByRole('button', { name: 'MEMBER' }));
    await waitFor(() => expect(lastListing().query.get('sort')).toBe('desc'));
    expect(searchOf(router).get('sortBy')).toBe('member');
  });

  it('opens the result view of a row for the reviewer', async () => {
    const user = userEvent.setup();
    const row = makeScoreRow(3);
    const { router } = renderScoreTab({ rows: [row] });
    await user.click(await findCell('Member 3'));
    expect(await screen.findByTestId('take-sim')).toBeTruthy();
    expect(Object.fromEntries(searchOf(router))).toEqual({
      viewResult: 'true',
      assignment_id: row.assignment_id,
      user_id: row.user_id,
      sim_id: row.sim_id,
      levelId: row.level_id,
      reviewer: 'true',
    });
  });

  it('says there are no scores for an empty filter', async () => {
    renderScoreTab({ rows: [], insights: undefined });
    expect(await screen.findAllByText(SCORE_TEXTS.noScores)).not.toHaveLength(0);
    expect(screen.getByText('Showing 0 to 0 of 0 entries')).toBeTruthy();
  });

  it('shows the server’s refusal with a way to try again', async () => {
    renderScoreTab({ listingFails: 'Highest level reached and Final result only cannot be chosen together' });
    expect(
      await screen.findByText('Highest level reached and Final result only cannot be chosen together'),
    ).toBeTruthy();
    expect(screen.getAllByRole('button', { name: LABELS.retry }).length).toBeGreaterThan(0);
  });

  it('reads the state from a shared link', async () => {
    const { lastListing } = renderScoreTab({
      url: `/dashboard?tab=SCORE&page=3&sortBy=sim&order=asc&result=highest&members=${ids.member(2)}`,
      total: 40,
    });
    await findCell('Member 1');
    expect(lastListing().query.get('skip')).toBe('20');
    expect(lastListing().query.get('sortBy')).toBe('sim');
    expect(lastListing().query.get('highest_level')).toBe('true');
    expect(lastListing().body).toMatchObject({ members: [ids.member(2)] });
  });
});
