import { type TAssignment, ZAssignment } from '@sim/shared';
import { z } from 'zod';

/** The assignment whose sim detail dialog opens: a list row, or the ids the take-sim screen hands back. */
export interface SimDetailTarget {
  assignmentId: string;
  simId: string;
  /** the learner (the assignment's owner) */
  userId: string;
  /** the row, when opened from the list */
  row: TAssignment | null;
}

export const targetOfRow = (row: TAssignment): SimDetailTarget => ({
  assignmentId: row.assignment_id || row._id,
  simId: row.sim_id,
  userId: row.assigned_to_id,
  row,
});

const ZReturnIds = z.object({
  assignment_id: z.string().min(1),
  sim_id: z.string().min(1),
  assigned_to_id: z.string().min(1).nullish(),
});

/**
 * The navigation state of /dashboard when the take-sim screen sends the learner back (Exit, Re-take):
 * `{assignment}` (a row) or `{sim_id, assigned_to_id, assignment_id}` (section 2; without assigned_to_id the
 * signed-in user's). Anything else: null.
 */
export function returnTarget(state: unknown, currentUserId: string | null): SimDetailTarget | null {
  if (!state || typeof state !== 'object') return null;
  const row = ZAssignment.safeParse((state as { assignment?: unknown }).assignment);
  if (row.success) return targetOfRow(row.data);
  const ids = ZReturnIds.safeParse(state);
  const userId = ids.success ? (ids.data.assigned_to_id ?? currentUserId) : null;
  if (ids.success && userId) return { assignmentId: ids.data.assignment_id, simId: ids.data.sim_id, userId, row: null };
  return null;
}
