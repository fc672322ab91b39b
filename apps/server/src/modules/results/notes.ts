import { RESULT_TEXTS, type TSaveAssessorNotesRequest } from '@sim/shared';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { Invalid } from '../../lib/errors';
import { assertCanReadResult, assertCanWriteAssessorNotes } from '../../policies/result';
import { findAttempt } from '../attempts/service';
import * as repo from './repository';

/**
 * Assessor notes of a result (learner-and-review.md sections 2, 5 and 7): the id is the attempt's. A blank
 * note is no note (null): the next save needs create again.
 */

const stored = (notes: string | null) => (notes?.trim() ? notes : null);

/** The notes of a result the caller may read (404 otherwise). */
export async function readAssessorNotes(deps: AppDeps, actor: Actor, id: string) {
  const attempt = await findAttempt(deps.db, actor.companyId, id);
  assertCanReadResult(actor, attempt);
  return { _id: attempt.id, assessor_notes: stored(attempt.assessorNotes) };
}

/**
 * Writes the notes of a result: create when none is stored, update when one is (decided on the locked row,
 * not by the client's `edit` flag). Writing nothing where nothing is stored is refused (400); clearing a note
 * is an update.
 */
export async function writeAssessorNotes(deps: AppDeps, actor: Actor, id: string, body: TSaveAssessorNotesRequest) {
  return deps.db.transaction(async (tx) => {
    const attempt = await findAttempt(tx, actor.companyId, id, { lock: true });
    const before = stored(attempt?.assessorNotes ?? null);
    assertCanWriteAssessorNotes(actor, attempt, before !== null);
    const notes = stored(body.assessor_notes);
    if (notes === null && before === null) throw Invalid(RESULT_TEXTS.notesRequired, 'assessor_notes');
    await repo.saveAssessorNotes(tx, actor.companyId, attempt.id, notes);
    return { _id: attempt.id, assessor_notes: notes, message: RESULT_TEXTS.notesSaved };
  });
}
