/** Bodies and answers of the assignment calls (learner-and-review.md sections 3 and 7, DECISIONS.md §6). */
import { z } from 'zod';
import {
  ASSIGNMENT_LIMITS,
  ASSIGNMENT_SORT_KEYS,
  ASSIGNMENT_STATUSES,
  ASSIGNMENT_TABS,
  ASSIGNMENT_MESSAGES as M,
} from '../assignments';
import { ZPaging, ZSortOrder } from './groups';
import { ZRowId } from './users';

/** A query flag written as true/false (or 1/0). */
export const ZQueryFlag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

export const ZAssignmentStatus = z.enum(ASSIGNMENT_STATUSES);
export const ZAssignmentTab = z.enum(ASSIGNMENT_TABS);

// GET /api/v1/sims/assignment/list?skip&limit=10&textSearch&my_assignment&tab&orderBy&order
export const ZAssignmentListQuery = ZPaging.extend({
  tab: ZAssignmentTab.default('All_ASSIGNMENT'),
  my_assignment: ZQueryFlag.optional(),
  orderBy: z.enum(ASSIGNMENT_SORT_KEYS).default('assigned_on'),
  order: ZSortOrder.default('desc'),
});
export type TAssignmentListQuery = z.infer<typeof ZAssignmentListQuery>;

/** One assignment row (the spec's Assignment entity). Dates are ISO strings, null when not reached. */
export const ZAssignment = z.object({
  _id: z.string(),
  assignment_id: z.string(),
  /** the sim's title */
  assignment: z.string(),
  sim_id: z.string(),
  sim_type: z.enum(['hiring', 'training']),
  /** the product (tool) name */
  tool_type: z.string(),
  tool_id: z.string().nullable(),
  product_type: z.string(),
  assigned_to: z.string(),
  assigned_to_id: z.string(),
  assigned_profile_url: z.string().nullable(),
  assigned_by: z.string(),
  assigned_on: z.string(),
  groups: z.array(z.string()),
  notes: z.string(),
  status: ZAssignmentStatus,
  review_comments: z.string(),
  start_date: z.string().nullable(),
  completed_on: z.string().nullable(),
  send_for_review_date: z.string().nullable(),
  date_of_review: z.string().nullable(),
  screen_recording: z.boolean(),
  reviewer: z.string().nullable(),
  /** true when the row is the caller's own */
  is_mine: z.boolean(),
});
export type TAssignment = z.infer<typeof ZAssignment>;

/**
 * A page's total counts at most this many rows past the page's first row (then `total_capped` is true, the
 * table shows "of N+ entries" and pages on): a page never counts the whole tab.
 */
export const ASSIGNMENT_COUNT_AHEAD = 100;
/** The dashboard's counts over the company's rows stop here (a tab then shows "1000+"; own rows are exact). */
export const ASSIGNMENT_COUNT_CAP = 1000;

export const ZAssignmentListResponse = z.object({
  success: z.literal(true),
  assignments: z.array(ZAssignment),
  /** the rows of the tab, counted at most ASSIGNMENT_COUNT_AHEAD rows past `skip` */
  total: z.number().int(),
  /** true when there are more rows than `total` (the count stopped there); absent when `total` is exact */
  total_capped: z.boolean().optional(),
});
export type TAssignmentListResponse = z.infer<typeof ZAssignmentListResponse>;

// GET /api/v1/sims/assignment/count
export const ZAssignmentCountResponse = z.object({
  success: z.literal(true),
  allAssignmentCount: z.number().int(),
  myAssignmentCount: z.number().int(),
  completedAssignmentCount: z.number().int(),
  readyForReviewCount: z.number().int(),
  /** the caller's own assignments waiting for a review */
  pendingForReview: z.number().int(),
  /** the caller's own done assignments (profile card: completed / (my + completed)) */
  completedAssignCount: z.number().int(),
  unopenedCompletedAssignments: z.number().int(),
  unopenedPendingAssignments: z.number().int(),
});
export type TAssignmentCountResponse = z.infer<typeof ZAssignmentCountResponse>;

// POST /api/v1/sims/assignment/add {tool, assigned_sim, user_id | group_id, assignment_notes?}
export const ZAddAssignmentRequest = z
  .object({
    tool: ZRowId,
    assigned_sim: ZRowId,
    user_id: ZRowId.nullish(),
    group_id: ZRowId.nullish(),
    assignment_notes: z.string().trim().max(ASSIGNMENT_LIMITS.notesMax).optional(),
  })
  .refine((b) => Boolean(b.user_id) !== Boolean(b.group_id), { message: M.memberOrGroup, path: ['user_id'] });
export type TAddAssignmentRequest = z.infer<typeof ZAddAssignmentRequest>;
export const ZAddAssignmentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** the ids of the assignments made (one per member of a group) */
  assignments: z.array(z.string()),
});

// POST /api/v1/sims/save-assignment-notes/{id} {assignment_notes, edit}
export const ZAssignmentIdParams = z.object({ id: ZRowId });
export const ZSaveAssignmentNotesRequest = z.object({
  assignment_notes: z.string().trim().max(ASSIGNMENT_LIMITS.notesMax),
  edit: z.boolean().default(false),
});

// GET /api/v1/sims/assignment/status/{id}
export const ZAssignmentStatusResponse = z.object({
  success: z.literal(true),
  status: ZAssignmentStatus,
  send_for_review: z.boolean(),
  review_comments: z.string(),
});

// GET /api/v1/sims/excel/assignments?status&my_assignment&tab
export const ZAssignmentExportQuery = z.object({
  tab: ZAssignmentTab.default('All_ASSIGNMENT'),
  my_assignment: ZQueryFlag.optional(),
  status: ZAssignmentStatus.optional(),
  textSearch: z.string().trim().max(255).default(''),
});
export type TAssignmentExportQuery = z.infer<typeof ZAssignmentExportQuery>;

// GET /api/v1/users/count (the profile card)
export const ZUserCountResponse = z.object({
  success: z.literal(true),
  /** null without company_name view */
  company_name: z.string().nullable(),
  /** null without user_account view */
  counts: z
    .object({
      supervisors: z.number().int(),
      managers: z.number().int(),
      agents: z.number().int(),
      users: z.number().int(),
      applicants: z.number().int(),
      groups: z.number().int(),
    })
    .nullable(),
});
export type TUserCountResponse = z.infer<typeof ZUserCountResponse>;

// The pickers of ADD ASSIGNMENT: GET /api/v1/sims/assignment/options?tool → sims of a tool, members, groups
export const ZAssignmentOptionsQuery = z.object({ tool: ZRowId.optional() });
export const ZAssignmentOptionsResponse = z.object({
  success: z.literal(true),
  tools: z.array(z.object({ _id: z.string(), name: z.string() })),
  sims: z.array(z.object({ _id: z.string(), title: z.string(), sim_type: z.string() })),
  members: z.array(
    z.object({ _id: z.string(), name: z.string(), role: z.string(), profile_pic: z.string().nullable() }),
  ),
  groups: z.array(z.object({ _id: z.string(), name: z.string(), member_count: z.number().int() })),
});
export type TAssignmentOptionsResponse = z.infer<typeof ZAssignmentOptionsResponse>;
