import {
  ASSIGNMENT_MESSAGES,
  CLASS_NOTES_EXPORT,
  CLASS_NOTE_MESSAGES as M,
  type TClassNote,
  type ZSaveClassNoteRequest,
} from '@sim/shared';
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { found, NotFound } from '../../lib/errors';
import { assertCanClassNote } from '../../policies/class-note';
import * as repo from './repository';

type SaveNote = z.output<typeof ZSaveClassNoteRequest>;

/**
 * The notepad (learner-and-review.md sections 2, 3 and 7): each user reads and writes only their own class
 * notes; another user's note id answers 404, as a missing one does, even within one company.
 */

export async function listNotes(deps: AppDeps, actor: Actor): Promise<TClassNote[]> {
  assertCanClassNote(actor, 'view');
  const rows = await repo.notesOf(deps.db, actor.companyId, actor.userId);
  return rows.map(repo.toClassNote);
}

/**
 * Writes a note (my_notepad create) or, with _id, edits one of the caller's own (my_notepad update). A
 * sim_id must be a sim of the company that is not trashed (404). On an edit, a sim_id left out keeps the
 * note's sim and null clears it.
 */
export async function saveNote(deps: AppDeps, actor: Actor, body: SaveNote): Promise<TClassNote> {
  assertCanClassNote(actor, body._id ? 'update' : 'create');
  if (body.sim_id && !(await repo.companySimExists(deps.db, actor.companyId, body.sim_id)))
    throw NotFound(ASSIGNMENT_MESSAGES.simNotFound);
  const now = deps.now();
  let id = body._id;
  if (id) {
    const note = await repo.findNote(deps.db, actor.companyId, id);
    assertCanClassNote(actor, 'update', note);
    const simId = body.sim_id === undefined ? note.simId : body.sim_id;
    if (!(await repo.updateNote(deps.db, actor.userId, id, { simId, notes: body.notes, now })))
      throw NotFound(M.notFound);
  } else
    id = await repo.insertNote(deps.db, {
      companyId: actor.companyId,
      userId: actor.userId,
      simId: body.sim_id ?? null,
      notes: body.notes,
      now,
    });
  return repo.toClassNote(found(await repo.findNote(deps.db, actor.companyId, id), M.notFound));
}

export async function deleteNote(deps: AppDeps, actor: Actor, id: string) {
  assertCanClassNote(actor, 'delete');
  const note = await repo.findNote(deps.db, actor.companyId, id);
  assertCanClassNote(actor, 'delete', note);
  if (!(await repo.deleteNote(deps.db, actor.userId, id))) throw NotFound(M.notFound);
}

const COLUMN_WIDTHS = [80, 40, 22, 22];

/** The caller's notes as User_Notes.xlsx (not for a learner's account): text, sim, dates in UTC. */
export async function downloadNotes(deps: AppDeps, actor: Actor): Promise<{ fileName: string; data: Buffer }> {
  assertCanClassNote(actor, 'download');
  const rows = await repo.notesOf(deps.db, actor.companyId, actor.userId);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'SimCentre';
  const sheet = workbook.addWorksheet(CLASS_NOTES_EXPORT.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow([...CLASS_NOTES_EXPORT.columns]).font = { bold: true };
  COLUMN_WIDTHS.forEach((width, i) => {
    sheet.getColumn(i + 1).width = width;
  });
  for (const col of [3, 4]) sheet.getColumn(col).numFmt = CLASS_NOTES_EXPORT.dateFormat;
  for (const r of rows) sheet.addRow([r.notes, r.simName ?? '', r.createdAt, r.updatedAt]);
  return { fileName: `${M.exportName}.xlsx`, data: Buffer.from(await workbook.xlsx.writeBuffer()) };
}
