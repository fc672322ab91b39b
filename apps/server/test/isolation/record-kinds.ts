import type { IdSlot } from './contract-ids';

/**
 * What record each id-taking field names. Every id a route takes must resolve to a kind here (by the
 * route's own entry, else by the field's name): a new route with an id nobody mapped fails the isolation
 * test until it is added.
 *
 * `learner` is a user id that names the learner whose records a route shows (a result, a learner's stats),
 * `user` any other user of the company (an employee to edit, a member to add).
 * Kinds of a company's records (each company of the test has one of each, and each learner their own of
 * the person-owned kinds), and three kinds that are not a tenant's:
 *   global — a row every company shares (the products/tools, the permission catalogue);
 *   signed — a part of a signed URL's path (the signature covers it: changing it answers 401);
 *   nested — a key inside a record reached through its parent's id (a sim's document id).
 */
export const TENANT_KINDS = [
  'company',
  'user',
  'learner',
  'role',
  'group',
  'sim',
  'level',
  'otherLevel',
  'script',
  'character',
  'assignment',
  'attempt',
  'attemptLine',
  'classNote',
  'ticket',
  'ticketAttachment',
  'notification',
  'audioJob',
  'caseNumber',
] as const;
export type TenantKind = (typeof TENANT_KINDS)[number];
export type Kind = TenantKind | 'global' | 'signed' | 'nested';

/** The kinds that belong to one person (a learner): another learner of the same company must not reach them. */
export const PERSON_KINDS: ReadonlySet<Kind> = new Set<Kind>([
  'learner',
  'assignment',
  'attempt',
  'attemptLine',
  'classNote',
  'ticket',
  'ticketAttachment',
  'notification',
]);

/** By field name, wherever it appears. */
const BY_NAME: Record<string, Kind> = {
  sim_id: 'sim',
  simId: 'sim',
  assigned_sim: 'sim',
  level_id: 'level',
  levelId: 'level',
  simLevelId: 'level',
  sim_level_id: 'level',
  import_to_levelId: 'otherLevel',
  levels: 'level',
  script_id: 'script',
  sim_script_id: 'script',
  sim_character_id: 'character',
  user_id: 'user',
  assigned_to: 'user',
  owner_id: 'user',
  receipts: 'user',
  members: 'user',
  users: 'user',
  group_id: 'group',
  groups: 'group',
  role: 'role',
  role_id: 'role',
  duplicate_from: 'role',
  company_id: 'company',
  assignment_id: 'assignment',
  assignmentId: 'assignment',
  user_response_id: 'attempt',
  userResponseId: 'attempt',
  response_id: 'attempt',
  responseId: 'attempt',
  sim_level_user_response: 'attempt',
  ticket_id: 'ticket',
  attachment_id: 'ticketAttachment',
  notificationIds: 'notification',
  caseNumber: 'caseNumber',
  product: 'global',
  product_id: 'global',
  tool: 'global',
  permissions: 'global',
};

/** By route and field (`path` joined with dots): the ids whose name does not tell the record. */
const BY_ROUTE: Record<string, Record<string, Kind>> = {
  'POST /api/v1/login/login-to-agent-account': { id: 'learner' },
  // the learner whose results a reviewer reads
  'GET /api/v1/sims/stats': { user_id: 'learner' },
  'GET /api/v1/sims/agent/audio/status': { user_id: 'learner' },
  'POST /api/v1/sims/result': { user_id: 'learner' },
  'POST /api/v1/sims/level/listing': { members: 'learner' },
  'POST /api/v1/sims/level/listing/insights': { members: 'learner' },
  'POST /api/v1/employee/delete': { id: 'user' },
  'GET /api/v1/users/duplicate-email': { id: 'user' },
  'POST /api/v1/users/create': { _id: 'user' },
  'POST /api/v1/groups/save-edit': { _id: 'group' },
  'POST /api/v1/groups/delete': { id: 'group' },
  'POST /api/v1/users/edit-group': { _id: 'user' },
  'POST /api/v1/roles': { _id: 'role' },
  'POST /api/v1/company/delete-role': { id: 'role' },
  'POST /api/v1/permissions/save-permission-details': { id: 'global' },
  'POST /api/v1/roles/save-permissions': { 'permission_data.0.permissions': 'global' },
  'POST /api/v1/sims/upload-keyword/:id': { id: 'sim' },
  'POST /api/v1/sims/save-take-sim-input-details': { 'inputs.0.field_id': 'nested' },
  'GET /api/v1/sims/audio-jobs/:id': { id: 'audioJob' },
  'POST /api/v1/sims/basicInfo': { _id: 'sim' },
  'GET /api/v1/sims/current-sim': { id: 'sim' },
  'PATCH /api/v1/sims/avatars/update-details': { 'sim_characters.0._id': 'character' },
  'PATCH /api/v1/sims/editLevel/:id': { id: 'level' },
  'POST /api/v1/sims/scripts': { _id: 'script' },
  'GET /api/v1/sims/get-missed-correct-keywords': { id: 'attemptLine' },
  'PUT /api/v1/sims/presigned-upload/:type/:simId/:uploadId/:fileName': { simId: 'signed', uploadId: 'signed' },
  'POST /api/v1/sims/add-attachment': { id: 'sim' },
  'POST /api/v1/sims/add-tutorial-video/:id': { id: 'sim' },
  'PATCH /api/v1/sims/remove-document': { documentId: 'nested' },
  'POST /api/v1/sims/add-captivate/:id': { id: 'sim' },
  'POST /api/v1/sims/add-captivate-video/:id': { id: 'sim' },
  'GET /api/v1/sims/captivate-package/:token/:simId/:uploadId/*': { simId: 'signed', uploadId: 'signed' },
  'POST /api/v1/sims/save-assignment-notes/:id': { id: 'assignment' },
  'DELETE /api/v1/sims/delete-assignment/:id': { id: 'assignment' },
  'GET /api/v1/sims/assignment/status/:id': { id: 'assignment' },
  'POST /api/v1/sims/retry-line': { id: 'attemptLine' },
  'POST /api/v1/sims/notes': { _id: 'classNote' },
  'DELETE /api/v1/sims/notes/:id': { id: 'classNote' },
  'GET /api/v1/sims/result/recording/:id': { id: 'signed' },
  'POST /api/v1/sims/assignment/add-status': { _id: 'assignment' },
  'GET /api/v1/sims/assignment/track-record/:id': { id: 'assignment' },
  'GET /api/v1/sims/get-assessor-notes/:id': { id: 'attempt' },
  'POST /api/v1/sims/result/keyword-override': { line_id: 'attemptLine' },
  'POST /api/v1/sims/save-assessor-notes/:id': { id: 'attempt' },
  'GET /api/v1/help-desk/tickets/:id': { id: 'ticket' },
  'PUT /api/v1/help-desk/presigned-upload/:uploadId/:fileName': { uploadId: 'signed' },
  'POST /api/v1/sims/save-screen-share-stream': { id: 'attempt' },
  'POST /api/v1/sims/build-screen-share-video': { id: 'attempt' },
  'GET /api/v1/sims/get-video': { id: 'attempt' },
  'POST /api/v1/sims/save-screen-share-video': { id: 'attempt' },
};

/**
 * Fields of a route that are never sent together (an update by _id or a copy of duplicate_from; a member or
 * a group): a request swapping one of a group leaves the other groups' fields out.
 */
export const EXCLUSIVE: Record<string, string[][]> = {
  'POST /api/v1/roles': [['_id'], ['duplicate_from']],
  'POST /api/v1/sims/assignment/add': [['user_id'], ['group_id']],
};

/** The kind of an id slot of a route, or undefined when nobody mapped it. */
export function kindOf(routeKey: string, slot: IdSlot): Kind | undefined {
  const path = slot.path.join('.');
  return BY_ROUTE[routeKey]?.[path] ?? BY_NAME[slot.name];
}

/**
 * The routes where a platform administrator reaches the records of every company (docs/decisions.md: the
 * platform administrator "will see every company in the roles screen"; policies/role.ts and
 * modules/roles/company-scope.ts pass `platformWide`): the roles screen and the permission matrix, for the
 * ids of these kinds. Everywhere else (a role given to a user, a temporary role…) another company's id is
 * refused to a platform administrator too.
 */
export const PLATFORM_WIDE: Record<string, ReadonlySet<Kind>> = {
  'GET /api/v1/company/role-list': new Set(['company']),
  'POST /api/v1/roles': new Set(['company', 'role']),
  'POST /api/v1/company/delete-role': new Set(['role']),
  'POST /api/v1/permissions/details': new Set(['company']),
  'POST /api/v1/roles/save-permissions': new Set(['role']),
};
