/**
 * What the isolation test (tenant-isolation.test.ts) expects beyond its rule (404 for another company's id,
 * 403/404 for another learner's): the answers routes document otherwise, each with its reason, and the order
 * of the routes that remove records in the control walk.
 */

/** Refusals other than 404 that a route documents for another company's id: `METHOD url slot` → statuses. */
export const EXPECTED: Record<string, { status: number[]; why: string }> = {
  'POST /api/v1/sims/upload-keyword/:id params.id': {
    status: [400],
    why: 'the form’s sim_id must be the sim of the address (400 before either is looked up; both: 404)',
  },
  'POST /api/v1/sims/upload-keyword/:id body.sim_id': {
    status: [400],
    why: 'the form’s sim_id must be the sim of the address (400 before either is looked up; both: 404)',
  },
  'PATCH /api/v1/sims/avatars/update-details body.sim_characters.0._id': {
    status: [200],
    why: 'Select Avatars matches the four characters by type within the caller’s sim: the _id sent is ignored',
  },
  'POST /api/v1/help-desk/tickets/add-entry body.entry.sim_id': {
    status: [200],
    why: 'a reply keeps only its message: the entry’s sim_id and level_id are accepted and ignored',
  },
  'POST /api/v1/help-desk/tickets/add-entry body.entry.level_id': {
    status: [200],
    why: 'a reply keeps only its message: the entry’s sim_id and level_id are accepted and ignored',
  },
  'POST /api/v1/help-desk/tickets/add body.sim_id': {
    status: [400],
    why: 'the assignment given must be of the sim given (400 "not an assignment of the sim", whatever the sim)',
  },
  ...Object.fromEntries(
    ['/api/v1/sims/level/listing', '/api/v1/sims/level/listing/insights'].flatMap((url) =>
      [
        'body.groups',
        'body.members',
        'body.sims.0.sim_id',
        'body.sims.0.levels',
        'body.groups (beside an own id)',
        'body.members (beside an own id)',
        'body.sims.0.levels (beside an own id)',
        'all',
      ].map((slot) => [
        `POST ${url} ${slot}`,
        {
          status: [200],
          why: 'a score filter: "ids of another company match nothing" (schemas/scores.ts); the rows stay the caller’s',
        },
      ]),
    ),
  ),
};

/**
 * The routes that remove or end a record, run last in the control test (in this order: the records under
 * others first), so that each still finds its record; the other routes run first, in catalogue order.
 */
export const DESTRUCTIVE = [
  'POST /api/v1/help-desk/tickets/attachments/delete',
  'POST /api/v1/help-desk/tickets/delete',
  'DELETE /api/v1/sims/notes/:id',
  'POST /api/v1/roles/delete-temp-role',
  'DELETE /api/v1/sims/delete-assignment/:id',
  'POST /api/v1/sims/remove-sim-passFail',
  'PATCH /api/v1/sims/remove-document',
  'POST /api/v1/sims/remove-media',
  'POST /api/v1/sims/delete-script',
  'POST /api/v1/sims/delete-level',
  'POST /api/v1/sims/delete',
  'POST /api/v1/sims/recover',
  'POST /api/v1/groups/delete',
  'POST /api/v1/employee/delete',
  'POST /api/v1/company/delete-role',
];

/** The statuses expected for `who|METHOD url slot`: an entry for that caller, else for any caller, else `fallback`. */
export function expectedOf(key: string, fallback: number[]): number[] {
  const [, rest] = key.split('|');
  return (EXPECTED[key] ?? EXPECTED[rest])?.status ?? fallback;
}
