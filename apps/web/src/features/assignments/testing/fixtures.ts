import type {
  TAssignment,
  TAssignmentCountResponse,
  TLearnerSimResponse,
  TLevelStats,
  TLevelStatsResponse,
} from '@sim/shared';
import { testLevel, testSim } from '../../../testing/sim-fixtures';
import { ME, rowId } from './harness';

export const SIM_ID = rowId(100);
export const OTHER_USER = rowId(2);
export const LEVEL_IDS = [rowId(201), rowId(202), rowId(203), rowId(204), rowId(205), rowId(206)];

/** An assignment row of the caller, NOT STARTED; `n` makes its ids and title. */
export function makeAssignment(n: number, overrides: Partial<TAssignment> = {}): TAssignment {
  const id = rowId(300 + n);
  return {
    _id: id,
    assignment_id: id,
    assignment: `Refills ${n}`,
    sim_id: SIM_ID,
    sim_type: 'training',
    tool_type: 'Training SIM',
    tool_id: rowId(400),
    product_type: 'Voice Only',
    assigned_to: 'Ada Lovelace',
    assigned_to_id: ME,
    assigned_profile_url: null,
    assigned_by: 'Sam Super',
    assigned_on: '2030-03-04T10:00:00.000Z',
    groups: [],
    notes: '',
    status: 'NOT STARTED',
    review_comments: '',
    start_date: null,
    completed_on: null,
    send_for_review_date: null,
    date_of_review: null,
    screen_recording: false,
    reviewer: null,
    is_mine: true,
    ...overrides,
  };
}

/** Another member's row. */
export const othersAssignment = (n: number, overrides: Partial<TAssignment> = {}) =>
  makeAssignment(n, { assigned_to: 'Grace Hopper', assigned_to_id: OTHER_USER, is_mine: false, ...overrides });

export function makeCounts(overrides: Partial<TAssignmentCountResponse> = {}): TAssignmentCountResponse {
  return {
    success: true,
    allAssignmentCount: 12,
    myAssignmentCount: 4,
    completedAssignmentCount: 3,
    readyForReviewCount: 2,
    pendingForReview: 1,
    completedAssignCount: 3,
    unopenedCompletedAssignments: 0,
    unopenedPendingAssignments: 0,
    ...overrides,
  };
}

export function makeLevelStats(order: number, overrides: Partial<TLevelStats> = {}): TLevelStats {
  return {
    level_id: LEVEL_IDS[order],
    level_name: ['Watch and Learn', 'Full Script', 'Keywords', 'Keywords Two', 'Autoplay', 'Final'][order],
    level_order: order,
    total_attempts: 0,
    completed_attempts: 0,
    pass_fail_details: null,
    screenRecording: false,
    screen_recordings: 0,
    unfinished: null,
    total_scripts: 5,
    ...overrides,
  };
}

export function levelStatsAnswer(stats: TLevelStats[], status = 'NOT STARTED'): TLevelStatsResponse {
  return { success: true, assignment_status: status, stats };
}

export function learnerSimAnswer(
  overrides: Partial<TLearnerSimResponse['sim']> = {},
  assignmentId = rowId(301),
): TLearnerSimResponse {
  const sim = testSim([testLevel([], { _id: LEVEL_IDS[0], totalScripts: 3 })], {}, { _id: SIM_ID });
  return {
    success: true,
    sim: {
      ...sim,
      title: 'Refills',
      description: 'A refill call from a patient.',
      brief_description: 'Book the refill and confirm the pharmacy.',
      hot_links: ['https://example.org/policy'],
      ...overrides,
    },
    assignment_id: assignmentId,
    assignment_status: 'NOT STARTED',
  };
}
