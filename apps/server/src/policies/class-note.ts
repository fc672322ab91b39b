import { isLearnerAccess, type PermissionType } from '@sim/shared';
import type { Actor } from '../lib/actor';
import { Forbidden, NotFound } from '../lib/errors';
import { type CompanyRecord, type MaybeRecord, requireCompany, requirePermission } from './core';

/** The my_notepad permission of the action; `download` is the notes' spreadsheet (view, not for learners). */
export type ClassNoteAction = PermissionType | 'download';

export interface ClassNoteRecord extends CompanyRecord {
  readonly userId: string;
}

/**
 * Class notes (the notepad) are personal: the action needs its my_notepad permission (403); the note must
 * be of the caller's company (404) and the caller's own — another user's note answers 404 too, even in the
 * same company, so notes are never told apart from missing ones. `download` needs my_notepad view and is
 * refused to a learner's account (the spec: agents have no notes download).
 */
export function assertCanClassNote(actor: Actor, action: ClassNoteAction): void;
export function assertCanClassNote<R extends ClassNoteRecord>(
  actor: Actor,
  action: ClassNoteAction,
  note: R | null | undefined,
): asserts note is R;
export function assertCanClassNote(actor: Actor, action: ClassNoteAction, ...note: MaybeRecord<ClassNoteRecord>): void {
  if (action === 'download') {
    requirePermission(actor, 'my_notepad', 'view');
    if (isLearnerAccess(actor.permissions)) throw Forbidden();
    return;
  }
  requirePermission(actor, 'my_notepad', action);
  if (!note.length) return;
  const record = note[0];
  requireCompany(actor, record);
  if (record.userId !== actor.userId) throw NotFound();
}
