/**
 * The score tab: constants and texts of learner-and-review.md sections 2, 3, 5 and 9 and DECISIONS.md §6,
 * and the pure date helpers the filter's date-range popover and the score dates use. Written once here; the
 * server (listing, export) and the web (filter panel, table) read them.
 */
import { PAGE_SIZE } from './constants';
import { durationText } from './display-format';

export const SCORE_LIMITS = {
  pageSize: PAGE_SIZE,
  /** groups and members lists show the first 6, then Show all / Hide all */
  filterListFirst: 6,
  /** a sim's title in the filter panel is cut at 22 characters */
  simTitleCut: 22,
  /**
   * `total` counts at most this many rows past the page's first row (then `total_capped` is true): a
   * page never counts the whole table. The UI shows "of N+ entries" and can still page further.
   */
  countAhead: 100,
  /** the chart draws one line per member for at most this many members (the most active ones) */
  chartMembers: 20,
  /** the most-missed keywords of the chart */
  missedKeywords: 10,
  /** the chart reads the latest this many rows of the filter (by completed date) */
  chartRows: 5000,
  /** at most this many ids in one filter list (groups, members, sims, levels of a sim) */
  maxFilterIds: 500,
} as const;

/** The spec's texts of the score tab (sections 2 and 5), word for word where the spec gives them. */
export const SCORE_TEXTS = {
  notApplicable: 'N/A',
  noValue: '------',
  showAll: 'Show all',
  hideAll: 'Hide all',
  assignedOnly: 'Assigned Only',
  unassignedOnly: 'Unassigned Only',
  highestLevel: 'Highest level reached',
  finalOnly: 'Final result only',
  exportExcel: 'Export Excel',
  startDate: 'Start Date',
  endDate: 'End Date',
  apply: 'Apply',
  cancel: 'Cancel',
  // texts the spec does not give
  exclusive: 'Highest level reached and Final result only cannot be chosen together',
  dateOrder: 'The start date must not be after the end date',
  noScores: 'There are no scores for this filter.',
  noPermission: "You don't have permission to see the scores",
} as const;

/** The columns of the score table, in the spec's order: the sort key (`sortBy`) and the title. */
export const SCORE_COLUMNS = [
  { key: 'sim', title: 'SIM NAME' },
  { key: 'level', title: 'LEVEL' },
  { key: 'member', title: 'MEMBER' },
  { key: 'keywordAccuracy', title: 'KEYWORD ACCURACY' },
  { key: 'data_selection', title: 'DATA SELECTION' },
  { key: 'typing_accuracy', title: 'TYPING ACCURACY' },
  { key: 'overall_percentage', title: 'OVERALL DATA ACCURACY' },
  { key: 'total_seconds', title: 'TOTAL TIME' },
  { key: 'wrapSeconds', title: 'WRAP-UP TIME' },
  { key: 'start_date', title: 'START DATE' },
  { key: 'completed_date', title: 'COMPLETED DATE' },
  { key: 'sent_for_review_date', title: 'SEND FOR REVIEW DATE' },
  { key: 'review_status', title: 'REVIEW STATUS' },
  { key: 'reviewed_date', title: 'REVIEWED ON' },
  { key: 'reviewed_by', title: 'REVIEWER NAME' },
  { key: 'assessor_notes', title: 'ASSESSOR NOTES' },
] as const;
export type ScoreSortKey = (typeof SCORE_COLUMNS)[number]['key'];
export const SCORE_SORT_KEYS = SCORE_COLUMNS.map((c) => c.key) as [ScoreSortKey, ...ScoreSortKey[]];

/** The Excel export of the filtered scores (section 7: files saved as Score_List.xlsx). */
export const SCORE_EXPORT = {
  fileBase: 'Score_List',
  fileName: 'Score_List.xlsx',
  sheet: 'Scores',
  columns: SCORE_COLUMNS.map((c) => c.title),
  /** the spec's score date format (section 9) */
  dateFormat: 'YYYY-MMM-DD h:mm A',
} as const;

// ---- the date-range popover (section 2; values YYYY-MM-DD, shown DD-MM-YYYY, section 9) ----

export const SCORE_DATE_PRESETS = [
  'Today',
  'Yesterday',
  'Last 7 days',
  'Last Week (Mo-Su)',
  'Month to Date',
  'Previous Month',
  'Year to Date',
] as const;
export type ScoreDatePreset = (typeof SCORE_DATE_PRESETS)[number];

/** A local calendar day (midnight) of `now` moved by `days`. */
function day(now: Date, days = 0): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
}

/**
 * The first and last day (local midnight of each, both included) of a preset, seen from `now` in the
 * local time zone: Today; Yesterday; Last 7 days = the 6 days before today and today; Last Week (Mo-Su) =
 * the Monday-to-Sunday week before the current one; Month to Date = the 1st of this month to today;
 * Previous Month = its 1st to its last day; Year to Date = January 1st to today.
 */
export function scorePresetRange(preset: ScoreDatePreset, now: Date): [Date, Date] {
  const today = day(now);
  switch (preset) {
    case 'Today':
      return [today, today];
    case 'Yesterday':
      return [day(now, -1), day(now, -1)];
    case 'Last 7 days':
      return [day(now, -6), today];
    case 'Last Week (Mo-Su)': {
      const sinceMonday = (now.getDay() + 6) % 7;
      return [day(now, -sinceMonday - 7), day(now, -sinceMonday - 1)];
    }
    case 'Month to Date':
      return [new Date(now.getFullYear(), now.getMonth(), 1), today];
    case 'Previous Month':
      return [new Date(now.getFullYear(), now.getMonth() - 1, 1), new Date(now.getFullYear(), now.getMonth(), 0)];
    case 'Year to Date':
      return [new Date(now.getFullYear(), 0, 1), today];
  }
}

const two = (n: number) => String(n).padStart(2, '0');

/** A local calendar day as the filter sends it: 'YYYY-MM-DD'. */
export function toScoreDateValue(d: Date): string {
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
}

/** A local calendar day as the popover shows it: 'DD-MM-YYYY'. */
export function toScoreDateDisplay(d: Date): string {
  return `${two(d.getDate())}-${two(d.getMonth() + 1)}-${d.getFullYear()}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A score date as the table and the export show it, 'YYYY-MMM-DD h:mm A' ("2026-Mar-01 3:07 PM"), in the
 * time zone `offsetMinutes` east of UTC (the filter's `utc_offset`; 0 = UTC). '------' when there is none.
 */
export function formatScoreDate(value: Date | string | null | undefined, offsetMinutes = 0): string {
  if (value === null || value === undefined || value === '') return SCORE_TEXTS.noValue;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return SCORE_TEXTS.noValue;
  const d = new Date(at.getTime() + offsetMinutes * 60_000);
  const h = d.getUTCHours();
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${d.getUTCFullYear()}-${MONTHS[d.getUTCMonth()]}-${two(d.getUTCDate())} ${hour12}:${two(d.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
}

/** A figure as the table shows it: 2 decimals and a percent sign, 'N/A' when it does not apply (null). */
export function formatScorePercent(value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return SCORE_TEXTS.notApplicable;
  return `${value.toFixed(2)}%`;
}

/** A time as the table shows it: hours, minutes and seconds; '0m 0s' when empty (display-format.ts). */
export const formatScoreSeconds = durationText;

/**
 * The instants a filter's day range covers: from the start day's midnight to the midnight after the end
 * day, in the time zone `offsetMinutes` east of UTC. Days are 'YYYY-MM-DD'.
 */
export function scoreDayBounds(
  startDate: string | undefined,
  endDate: string | undefined,
  offsetMinutes = 0,
): { from: Date | null; to: Date | null } {
  const at = (value: string, plusDays: number) => {
    const [y, m, d] = value.split('-').map(Number);
    return new Date(Date.UTC(y, m - 1, d + plusDays) - offsetMinutes * 60_000);
  };
  return { from: startDate ? at(startDate, 0) : null, to: endDate ? at(endDate, 1) : null };
}
