import type { TAssignment } from '@sim/shared';

/**
 * The result view of an assignment's level in the reviewer's view (learner-and-review.md section 2):
 * /sims/takesim?viewResult=true&assignment_id&user_id&sim_id&reviewer&levelId, the keys the result view reads.
 */
export function reviewUrl(row: Pick<TAssignment, '_id' | 'assigned_to_id' | 'sim_id'>, levelId: string): string {
  const query = new URLSearchParams({
    viewResult: 'true',
    assignment_id: row._id,
    user_id: row.assigned_to_id,
    sim_id: row.sim_id,
    reviewer: 'true',
    levelId,
  });
  return `/sims/takesim?${query.toString()}`;
}
