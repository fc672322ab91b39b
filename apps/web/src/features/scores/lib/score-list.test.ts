import { describe, expect, it } from 'vitest';
import { readListState, writeListState } from '../../../lib/list-state';
import {
  CLEARED,
  decodeSims,
  encodeSims,
  exportQuery,
  filterBody,
  filterOf,
  filterParams,
  hasFilter,
  insightsQuery,
  listQuery,
  resultFlags,
  SCORE_LIST,
  type ScoreFilterState,
  toggleResult,
} from './score-list';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const read = (search: string) => readListState(new URLSearchParams(search), SCORE_LIST);

describe('score list state in the URL', () => {
  it('starts on page 1, newest completion first, Final result only on, no filter', () => {
    const state = read('');
    expect(state).toMatchObject({ page: 0, limit: 10, sortBy: 'completed_date', order: 'desc' });
    expect(filterOf(state.filters)).toEqual({
      product: null,
      assigned: false,
      unAssigned: false,
      groups: [],
      members: [],
      sims: [],
      startDate: null,
      endDate: null,
      result: 'final',
    });
  });

  it('reads a whole filter back from the URL it wrote', () => {
    const filter: ScoreFilterState = {
      product: id(1),
      assigned: true,
      unAssigned: false,
      groups: [id(2), id(3)],
      members: [id(4)],
      sims: [
        { sim_id: id(5), levels: [] },
        { sim_id: id(6), levels: [id(7), id(8)] },
      ],
      startDate: '2026-03-01',
      endDate: '2026-03-31',
      result: 'highest',
    };
    const state = { ...read(''), page: 2, filters: { ...read('').filters, ...filterParams(filter) } };
    const url = writeListState(new URLSearchParams('tab=SCORE'), state, SCORE_LIST);
    expect(url.get('tab')).toBe('SCORE');
    expect(url.get('sims')).toBe(`${id(5)},${id(6)}.${id(7)}.${id(8)}`);
    const back = read(url.toString());
    expect(back.page).toBe(2);
    expect(filterOf(back.filters)).toEqual(filter);
  });

  it.each([
    ['product=nope', 'product'],
    ['groups=a,b', 'groups'],
    ['sims=x.y', 'sims'],
    ['startDate=01-03-2026', 'startDate'],
    ['result=both', 'result'],
    ['assigned=yes', 'assigned'],
  ])('reads a bad value (%s) as the default', (search, key) => {
    expect(read(search).filters[key as keyof ReturnType<typeof read>['filters']]).toBe(
      read('').filters[key as keyof ReturnType<typeof read>['filters']],
    );
  });

  it('leaves defaults out of the URL', () => {
    const url = writeListState(new URLSearchParams(), read('result=final&page=1'), SCORE_LIST);
    expect(url.toString()).toBe('');
  });

  it('encodes sims with their chosen levels and decodes them again', () => {
    const sims = [
      { sim_id: id(1), levels: [id(2)] },
      { sim_id: id(3), levels: [] },
    ];
    expect(decodeSims(encodeSims(sims))).toEqual(sims);
    expect(decodeSims('')).toEqual([]);
  });
});

describe('the calls of the filter', () => {
  const filter = filterOf(read(`groups=${id(2)}&members=${id(4)}&sims=${id(5)}.${id(6)}&startDate=2026-03-01`).filters);

  it('sends the spec’s Score filter as the body, with the browser’s offset', () => {
    expect(filterBody(filter, 120)).toEqual({
      product: null,
      assigned: false,
      un_assigned: false,
      groups: [id(2)],
      members: [id(4)],
      sims: [{ sim_id: id(5), levels: [id(6)] }],
      startDate: '2026-03-01',
      endDate: null,
      utc_offset: 120,
    });
  });

  it('pages with skip = limit × page and sends the sort as sortBy and sort', () => {
    expect(listQuery(read('page=3&sortBy=member&order=asc'))).toEqual({
      skip: 20,
      limit: 10,
      textSearch: '',
      sortBy: 'member',
      sort: 'asc',
      download: false,
      final_result: true,
      highest_level: false,
    });
  });

  it('exports every row of the filter in the same sort (download=true, from the start)', () => {
    expect(exportQuery(read('page=3&sortBy=member&result=highest'))).toMatchObject({
      skip: 0,
      sortBy: 'member',
      download: true,
      final_result: false,
      highest_level: true,
    });
  });

  it('asks the chart for the same result choice', () => {
    expect(insightsQuery(read('result=all'))).toEqual({ textSearch: '', final_result: false, highest_level: false });
  });
});

describe('Highest level reached and Final result only', () => {
  it.each([
    ['final', 'highest', true, 'highest'],
    ['highest', 'final', true, 'final'],
    ['final', 'final', false, 'all'],
    ['highest', 'highest', false, 'all'],
    ['all', 'final', true, 'final'],
    ['final', 'highest', false, 'final'],
  ] as const)('from %s, %s set to %s gives %s', (current, box, checked, next) => {
    expect(toggleResult(current, box, checked)).toBe(next);
  });

  it('never sends both flags true', () => {
    for (const choice of ['final', 'highest', 'all'] as const) {
      const flags = resultFlags(choice);
      expect(flags.final_result && flags.highest_level).toBe(false);
    }
  });
});

describe('clearing', () => {
  it('knows when a filter narrows the rows, and clears all but the result choice', () => {
    const base = filterOf(read('result=highest').filters);
    expect(hasFilter(base)).toBe(false);
    expect(hasFilter({ ...base, unAssigned: true })).toBe(true);
    expect(hasFilter({ ...base, endDate: '2026-01-01' })).toBe(true);
    expect(filterParams(CLEARED)).not.toHaveProperty('result');
  });
});
