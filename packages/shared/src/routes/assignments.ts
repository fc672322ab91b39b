import { defineRoute } from '../contract/define';
import {
  ZAddAssignmentRequest,
  ZAddAssignmentResponse,
  ZAssignmentCountResponse,
  ZAssignmentExportQuery,
  ZAssignmentIdParams,
  ZAssignmentListQuery,
  ZAssignmentListResponse,
  ZAssignmentOptionsQuery,
  ZAssignmentOptionsResponse,
  ZAssignmentStatusResponse,
  ZSaveAssignmentNotesRequest,
  ZUserCountResponse,
} from '../schemas/assignments';
import { ZMessageResponse } from '../schemas/common';
import { requires } from './access';

const tags = ['assignments'];

/** Who may open the dashboard's lists: any of the three views (the service scopes the rows by them). */
const VIEW_ANY = {
  anyOf: [
    { task: 'assignment', type: 'view' },
    { task: 'all_assignments', type: 'view' },
    { task: 'review_assignments', type: 'view' },
  ],
} as const;

/**
 * The assignments dashboard (learner-and-review.md sections 2 and 7, DECISIONS.md §6). The service scopes
 * every list and count: a caller without all_assignments view sees only their own rows; the Pending
 * Review tab needs review_assignments view; every id of another company answers 404.
 */
export const assignmentsApi = {
  list: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/assignment/list',
    access: VIEW_ANY,
    tags,
    summary: "A page of the assignments of a dashboard tab (search, sort; scoped by the caller's views)",
    query: ZAssignmentListQuery,
    response: ZAssignmentListResponse,
  }),
  count: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/assignment/count',
    access: 'signedIn',
    tags,
    summary: 'The count of each dashboard tab and the unopened badges',
    response: ZAssignmentCountResponse,
  }),
  options: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/assignment/options',
    access: requires('assignment', 'create'),
    tags,
    summary: 'The choices of ADD ASSIGNMENT: tools, the sims of a tool, members and groups',
    query: ZAssignmentOptionsQuery,
    response: ZAssignmentOptionsResponse,
  }),
  add: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/assignment/add',
    access: requires('assignment', 'create'),
    tags,
    summary: 'Assign a sim to a member, or to every current member of a group (one assignment each)',
    body: ZAddAssignmentRequest,
    response: ZAddAssignmentResponse,
  }),
  saveNotes: defineRoute({
    method: 'POST',
    url: '/api/v1/sims/save-assignment-notes/:id',
    access: {
      anyOf: [
        { task: 'notes_to_user', type: 'create' },
        { task: 'notes_to_user', type: 'update' },
      ],
    },
    tags,
    summary: 'Write the instruction of an assignment (create when blank, update with edit)',
    params: ZAssignmentIdParams,
    body: ZSaveAssignmentNotesRequest,
    response: ZMessageResponse,
  }),
  delete: defineRoute({
    method: 'DELETE',
    url: '/api/v1/sims/delete-assignment/:id',
    access: requires('assignment', 'delete'),
    tags,
    summary: 'Delete a NOT STARTED assignment (409 otherwise)',
    params: ZAssignmentIdParams,
    response: ZMessageResponse,
  }),
  status: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/assignment/status/:id',
    access: VIEW_ANY,
    tags,
    summary: "An assignment's status and whether it can be sent for review; opening a done one clears its badge",
    params: ZAssignmentIdParams,
    response: ZAssignmentStatusResponse,
  }),
  exportExcel: defineRoute({
    method: 'GET',
    url: '/api/v1/sims/excel/assignments',
    access: VIEW_ANY,
    tags,
    summary: 'The rows of a dashboard tab as an Excel workbook (My_Assignment.xlsx, All_Assignment.xlsx, ...)',
    query: ZAssignmentExportQuery,
    response: 'file',
  }),
  userCount: defineRoute({
    method: 'GET',
    url: '/api/v1/users/count',
    access: 'signedIn',
    tags,
    summary: 'The profile card: company name (company_name view) and user counts (user_account view)',
    response: ZUserCountResponse,
  }),
};
