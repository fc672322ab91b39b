import type { TScoreFiltersResponse, TScoreInsightsResponse, TScoreRow } from '@sim/shared';
import { rowId } from '../../assignments/testing/harness';

/** Ids of the fixtures: tools 100+, groups 200+, members 300+, sims 400+, levels 500+, attempts 600+. */
export const ids = {
  tool: (n: number) => rowId(100 + n),
  group: (n: number) => rowId(200 + n),
  member: (n: number) => rowId(300 + n),
  sim: (n: number) => rowId(400 + n),
  level: (sim: number, order: number) => rowId(500 + sim * 10 + order),
  attempt: (n: number) => rowId(600 + n),
  assignment: (n: number) => rowId(700 + n),
};

export function makeScoreRow(n: number, overrides: Partial<TScoreRow> = {}): TScoreRow {
  return {
    response_id: ids.attempt(n),
    sim: 'Billing Dispute Call',
    level: 'Read with keywords',
    member: `Member ${n}`,
    keywordAccuracy: 87.5,
    correct_selections: 3,
    total_selections: 4,
    correct_entries: 1,
    total_entries: 2,
    overall_percentage: 70.83,
    total_seconds: 3725,
    wrapSeconds: 0,
    start_date: '2026-03-01T14:00:00.000Z',
    createdAt: '2026-02-28T09:00:00.000Z',
    completed_date: '2026-03-01T15:07:00.000Z',
    exit_or_restart: false,
    sent_for_review_date: null,
    status: 'COMPLETED',
    review_status: false,
    reviewed_date: null,
    reviewed_by: null,
    assessor_notes: null,
    screen_recording: false,
    screen_recording_urls: [],
    assignment_id: ids.assignment(n),
    user_id: ids.member(n),
    sim_id: ids.sim(1),
    level_id: ids.level(1, 2),
    level_order: 2,
    typing_accuracy: 50,
    data_selection_accuracy: 75,
    tool_type: 'Training SIM - Internal Data',
    product_type: 'Internal Data',
    ...overrides,
  };
}

/** The filter panel's choices: 2 tools, `groups` groups, `members` members (odd ones in group 1), 2 sims. */
export function makeFilters({ groups = 2, members = 3 } = {}): TScoreFiltersResponse {
  return {
    success: true,
    products: [
      { _id: ids.tool(1), name: 'Training SIM - Internal Data', type: 'Internal Data' },
      { _id: ids.tool(2), name: 'Hiring SIM', type: 'Voice Only' },
    ],
    groups: Array.from({ length: groups }, (_, i) => ({ _id: ids.group(i + 1), name: `Group ${i + 1}` })),
    members: Array.from({ length: members }, (_, i) => ({
      _id: ids.member(i + 1),
      name: `Member ${i + 1}`,
      groups: i % 2 === 0 ? [ids.group(1)] : [],
    })),
    sims: [
      {
        sim_id: ids.sim(1),
        title: 'Billing Dispute Call With A Very Long Title',
        product_id: ids.tool(1),
        levels: [0, 1, 2].map((order) => ({ level_id: ids.level(1, order), name: `Step ${order}`, order })),
      },
      {
        sim_id: ids.sim(2),
        title: 'Hiring Screen',
        product_id: ids.tool(2),
        levels: [{ level_id: ids.level(2, 0), name: 'Only', order: 0 }],
      },
    ],
  };
}

export function makeInsights(overrides: Partial<TScoreInsightsResponse> = {}): TScoreInsightsResponse {
  return {
    success: true,
    rows: 3,
    rows_capped: false,
    accuracy: [
      {
        user_id: ids.member(1),
        member: 'Member 1',
        points: [
          { date: '2026-03-01', keyword_accuracy: 60 },
          { date: '2026-03-03', keyword_accuracy: 80 },
        ],
      },
      { user_id: ids.member(2), member: 'Member 2', points: [{ date: '2026-03-02', keyword_accuracy: 90 }] },
    ],
    members_total: 2,
    median: [
      { date: '2026-03-01', p25: 60, p50: 60, p75: 60 },
      { date: '2026-03-02', p25: 90, p50: 90, p75: 90 },
      { date: '2026-03-03', p25: 80, p50: 80, p75: 80 },
    ],
    missed_keywords: [
      { keyword: 'account number', missed: 3, total: 4 },
      { keyword: 'verify', missed: 5, total: 9 },
    ],
    ...overrides,
  };
}
