/** The notepad's class notes (learner-and-review.md sections 2, 3 and 7). */
import { z } from 'zod';
import { ASSIGNMENT_LIMITS, CLASS_NOTE_MESSAGES as M } from '../assignments';
import { ZRowId } from './users';

export const ZClassNote = z.object({
  _id: z.string(),
  notes: z.string(),
  sim_id: z.string().nullable(),
  sim_name: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: z.string(),
});
export type TClassNote = z.infer<typeof ZClassNote>;

export const ZClassNotesResponse = z.object({ success: z.literal(true), notes: z.array(ZClassNote) });
// POST /api/v1/sims/notes {_id?, notes, sim_id?}: without _id a new note, with it an edit
export const ZSaveClassNoteRequest = z.object({
  _id: ZRowId.optional(),
  notes: z.string().trim().min(1, M.required).max(ASSIGNMENT_LIMITS.classNoteMax),
  sim_id: ZRowId.nullish(),
});
export const ZSaveClassNoteResponse = z.object({ success: z.literal(true), message: z.string(), note: ZClassNote });
export const ZClassNoteParams = z.object({ id: ZRowId });
