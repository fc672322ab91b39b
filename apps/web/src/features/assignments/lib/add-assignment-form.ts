import { ASSIGNMENT_LIMITS, type TAddAssignmentRequest } from '@sim/shared';
import { z } from 'zod';

/**
 * The Add New Assignment form: 1 tool, 2 sim, 3 a member or (toggled) a group, 4 an optional instruction.
 * The ids stay '' until chosen; the shared request schema checks the body on the server.
 */
export const ZAddAssignmentForm = z.object({
  tool: z.string(),
  assigned_sim: z.string(),
  by_group: z.boolean(),
  user_id: z.string(),
  group_id: z.string(),
  assignment_notes: z.string().max(ASSIGNMENT_LIMITS.notesMax),
});
export type AddAssignmentForm = z.infer<typeof ZAddAssignmentForm>;

export const EMPTY_ADD_ASSIGNMENT: AddAssignmentForm = {
  tool: '',
  assigned_sim: '',
  by_group: false,
  user_id: '',
  group_id: '',
  assignment_notes: '',
};

/** ASSIGN is enabled once a tool, a sim and a member (or a group) are chosen (section 5). */
export function isAddAssignmentComplete(form: AddAssignmentForm): boolean {
  if (!form.tool || !form.assigned_sim) return false;
  return form.by_group ? form.group_id !== '' : form.user_id !== '';
}

/** The body of assignment/add: the member or the group, never both. */
export function toAddAssignmentRequest(form: AddAssignmentForm): TAddAssignmentRequest {
  const notes = form.assignment_notes.trim();
  return {
    tool: form.tool,
    assigned_sim: form.assigned_sim,
    user_id: form.by_group ? null : form.user_id,
    group_id: form.by_group ? form.group_id : null,
    ...(notes ? { assignment_notes: notes } : {}),
  };
}
