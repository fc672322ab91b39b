/** Bodies and answers of the score tab's calls (learner-and-review.md sections 3 and 7, DECISIONS.md §6). */
import { z } from 'zod';
import { SCORE_LIMITS, SCORE_SORT_KEYS, SCORE_TEXTS } from '../scores';
import { ZAssignmentStatus, ZQueryFlag } from './assignments';
import { ZPaging, ZSortOrder } from './groups';
import { ZRowId } from './users';

const ids = () => z.array(ZRowId).max(SCORE_LIMITS.maxFilterIds).default([]);

/** A calendar day 'YYYY-MM-DD' (the date-range popover's values, section 9). */
export const ZScoreDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date written YYYY-MM-DD')
  .refine((v) => {
    const [y, m, d] = v.split('-').map(Number);
    const at = new Date(Date.UTC(y, m - 1, d));
    return at.getUTCFullYear() === y && at.getUTCMonth() === m - 1 && at.getUTCDate() === d;
  }, 'This date does not exist');

/**
 * The score filter (section 3), the body of every score call. Each filter that is set narrows the rows (they
 * combine with AND); within one filter any of the chosen values matches:
 * - product: the sims of this tool;
 * - assigned / un_assigned ("Assigned Only" / "Unassigned Only"): members who belong to a group of the
 *   company / members in no group; both or neither: every member;
 * - groups: members of any of these groups (their membership now); members: these members;
 * - sims: attempts of these sims; a sim with levels: only those levels of it;
 * - startDate / endDate: the completed date falls on these days (both included), in the time zone
 *   `utc_offset` minutes east of UTC (the browser's -getTimezoneOffset(); 0 = UTC).
 * Ids of another company match nothing (they are not an error: the rows stay the caller's company's).
 */
export const ZScoreFilter = z
  .object({
    product: ZRowId.nullish(),
    assigned: z.boolean().default(false),
    un_assigned: z.boolean().default(false),
    groups: ids(),
    members: ids(),
    sims: z
      .array(z.object({ sim_id: ZRowId, levels: ids() }))
      .max(SCORE_LIMITS.maxFilterIds)
      .default([]),
    startDate: ZScoreDay.nullish(),
    endDate: ZScoreDay.nullish(),
    utc_offset: z.number().int().min(-840).max(840).default(0),
  })
  .refine((f) => !f.startDate || !f.endDate || f.startDate <= f.endDate, {
    message: SCORE_TEXTS.dateOrder,
    path: ['endDate'],
  });
export type TScoreFilter = z.output<typeof ZScoreFilter>;
export type TScoreFilterInput = z.input<typeof ZScoreFilter>;

/**
 * Which attempts are rows (DECISIONS.md §6); only completed attempts are results:
 * - final_result (the default when highest_level is not set): the latest completed attempt per member and level;
 * - highest_level: per member and sim, the latest completed attempt on the highest level (by order) completed;
 * - both false: every completed attempt. Both true: 400 (mutually exclusive, section 5).
 */
const ZResultChoice = z.object({
  final_result: ZQueryFlag.optional(),
  highest_level: ZQueryFlag.default(false),
  textSearch: ZPaging.shape.textSearch,
  /** narrows to assignments of this status (the export call of section 7 sends it) */
  status: ZAssignmentStatus.optional(),
});

const exclusive = <T extends { final_result?: boolean; highest_level: boolean }>(q: T) =>
  !(q.final_result === true && q.highest_level);
const resolved = <T extends { final_result?: boolean; highest_level: boolean }>(q: T) => ({
  ...q,
  final_result: q.final_result ?? !q.highest_level,
});

// POST /api/v1/sims/level/listing?skip&limit=10&textSearch&final_result&highest_level&sortBy&sort(&download)
export const ZScoreListQuery = ZResultChoice.extend({
  skip: ZPaging.shape.skip,
  limit: ZPaging.shape.limit,
  sortBy: z.enum(SCORE_SORT_KEYS).default('completed_date'),
  sort: ZSortOrder.default('desc'),
  /** true: answer Score_List.xlsx (every row of the filter, in this sort) instead of a page */
  download: ZQueryFlag.default(false),
})
  .refine(exclusive, { message: SCORE_TEXTS.exclusive, path: ['highest_level'] })
  .transform(resolved);
export type TScoreListQuery = z.output<typeof ZScoreListQuery>;

/** One score row: the spec's Score row (section 3) and the ids the UI needs to open the result. */
export const ZScoreRow = z.object({
  /** the attempt (user response) */
  response_id: z.string(),
  /** the sim's title */
  sim: z.string(),
  /** the level's name */
  level: z.string(),
  /** the learner's full name */
  member: z.string(),
  /** null: N/A */
  keywordAccuracy: z.number().nullable(),
  correct_selections: z.number().int(),
  total_selections: z.number().int(),
  correct_entries: z.number().int(),
  total_entries: z.number().int(),
  /** null: N/A (the mean of the figures that apply) */
  overall_percentage: z.number().nullable(),
  total_seconds: z.number().int(),
  wrapSeconds: z.number().int(),
  /** when the attempt was started (ISO) */
  start_date: z.string(),
  /** when the assignment was made (ISO) */
  createdAt: z.string(),
  /** when the attempt was completed (ISO) */
  completed_date: z.string().nullable(),
  exit_or_restart: z.boolean(),
  /**
   * when this attempt was sent for review (ISO): the assignment's first send after the attempt was completed
   * and not after its decision; null when it was not sent
   */
  sent_for_review_date: z.string().nullable(),
  /**
   * the decision that applied to this attempt (the assignment's first decision after it was completed) when
   * one did, else the assignment's status
   */
  status: ZAssignmentStatus,
  /** true when a reviewer's decision applied to this attempt (status is then PASS or NO PASS) */
  review_status: z.boolean(),
  /** when the decision that applied to this attempt was made, null when none did */
  reviewed_date: z.string().nullable(),
  /** the reviewer's name, null when not reviewed */
  reviewed_by: z.string().nullable(),
  /** the attempt's assessor notes, null when none */
  assessor_notes: z.string().nullable(),
  /** the level records the screen */
  screen_recording: z.boolean(),
  screen_recording_urls: z.array(z.object({ url: z.string(), text: z.string() })),
  // the ids and extra figures the UI needs (additions to the spec's row)
  assignment_id: z.string(),
  user_id: z.string(),
  sim_id: z.string(),
  level_id: z.string(),
  /** the level's order (from 0): LEVEL n is order + 1 */
  level_order: z.number().int(),
  /** null: N/A (Voice Only, auto-populate, nothing to type) */
  typing_accuracy: z.number().nullable(),
  /** null: N/A (Voice Only, auto-populate, nothing to select) */
  data_selection_accuracy: z.number().nullable(),
  /** the product (tool) name and type ("Voice Only", "Internal Data") */
  tool_type: z.string(),
  product_type: z.string(),
});
export type TScoreRow = z.infer<typeof ZScoreRow>;

export const ZScoreListResponse = z.object({
  success: z.literal(true),
  scores: z.array(ZScoreRow),
  /**
   * the number of rows of the filter, counted at most SCORE_LIMITS.countAhead rows past `skip`: when
   * `total_capped` is true there are more ("of N+ entries"); a page never counts the whole table
   */
  total: z.number().int(),
  total_capped: z.boolean(),
});
export type TScoreListResponse = z.infer<typeof ZScoreListResponse>;

// GET /api/v1/sims/level/listing/filters?product: the filter panel's choices
export const ZScoreFiltersQuery = z.object({ product: ZRowId.optional() });
export const ZScoreFiltersResponse = z.object({
  success: z.literal(true),
  products: z.array(z.object({ _id: z.string(), name: z.string(), type: z.string() })),
  groups: z.array(z.object({ _id: z.string(), name: z.string() })),
  /** members with an assignment in the company (not deleted), by name; `groups` their group ids */
  members: z.array(z.object({ _id: z.string(), name: z.string(), groups: z.array(z.string()) })),
  /** the company's sims (not trashed) of the product when given, by title, with their levels by order */
  sims: z.array(
    z.object({
      sim_id: z.string(),
      title: z.string(),
      product_id: z.string(),
      levels: z.array(z.object({ level_id: z.string(), name: z.string(), order: z.number().int() })),
    }),
  ),
});
export type TScoreFiltersResponse = z.infer<typeof ZScoreFiltersResponse>;

// POST /api/v1/sims/level/listing/insights?final_result&highest_level&textSearch with the score filter
export const ZScoreInsightsQuery = ZResultChoice.refine(exclusive, {
  message: SCORE_TEXTS.exclusive,
  path: ['highest_level'],
}).transform(resolved);
export type TScoreInsightsQuery = z.output<typeof ZScoreInsightsQuery>;

/** A day 'YYYY-MM-DD' in the filter's time zone. */
const ZChartDay = z.string();
export const ZScoreInsightsResponse = z.object({
  success: z.literal(true),
  /** how many rows the chart read: the filter's latest SCORE_LIMITS.chartRows at most (`rows_capped`) */
  rows: z.number().int(),
  rows_capped: z.boolean(),
  /**
   * keyword accuracy over time, one line per member: the mean of the member's rows completed that day
   * (rows without a keyword accuracy left out); at most SCORE_LIMITS.chartMembers members, those with
   * the most rows
   */
  accuracy: z.array(
    z.object({
      user_id: z.string(),
      member: z.string(),
      points: z.array(z.object({ date: ZChartDay, keyword_accuracy: z.number() })),
    }),
  ),
  /** how many members the filter holds (more than `accuracy` has when capped) */
  members_total: z.number().int(),
  /** per day over every filtered row: the quartiles of keyword accuracy (the median with a band) */
  median: z.array(z.object({ date: ZChartDay, p25: z.number(), p50: z.number(), p75: z.number() })),
  /**
   * the most-missed keywords of the filtered rows' lines (lower case): how often missed, of how often
   * asked; at most SCORE_LIMITS.missedKeywords, most missed first
   */
  missed_keywords: z.array(z.object({ keyword: z.string(), missed: z.number().int(), total: z.number().int() })),
});
export type TScoreInsightsResponse = z.infer<typeof ZScoreInsightsResponse>;
