import { ASSIGNMENT_EXPORT, ASSIGNMENT_EXPORT_NAMES, type TAssignment, type TAssignmentExportQuery } from '@sim/shared';
import ExcelJS from 'exceljs';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { assertCanAssignment, assignmentScope } from '../../policies/assignment';
import { assignmentRows } from './list-query';

const COLUMN_WIDTHS = [24, 24, 26, 40, 14, 24, 60, 60, 14, 20, 16, 16, 16];
const DATE_COLUMNS = [5, 9, 10, 11, 13];
const date = (iso: string | null) => (iso ? new Date(iso) : null);

function row(a: TAssignment): (string | Date | null)[] {
  return [
    a.assigned_to,
    a.groups.join(', '),
    a.tool_type,
    a.assignment,
    date(a.assigned_on),
    a.assigned_by,
    a.notes,
    a.review_comments,
    date(a.start_date),
    date(a.send_for_review_date),
    date(a.date_of_review),
    a.status,
    date(a.completed_on),
  ];
}

/**
 * The rows of a dashboard tab as an .xlsx named after the tab (My_Assignment.xlsx, All_Assignment.xlsx,
 * Completed_Assignments.xlsx, Ready_For_Review.xlsx): every page, with the tab's scope and search, newest
 * first; every column of the table in full, dates as date cells (UTC) shown 'MMM DD YYYY'. A learner's
 * account has no export (403).
 */
export async function exportAssignments(
  deps: AppDeps,
  actor: Actor,
  q: TAssignmentExportQuery,
): Promise<{ fileName: string; data: Buffer }> {
  assertCanAssignment(actor, 'export');
  const scope = assignmentScope(actor, q.tab, q.my_assignment === true);
  const rows = await assignmentRows(
    deps.db,
    { companyId: actor.companyId, userId: actor.userId, scope, textSearch: q.textSearch, status: q.status },
    { orderBy: 'assigned_on', order: 'desc' },
    ASSIGNMENT_EXPORT.maxRows + 1,
  );
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'SimCentre';
  const sheet = workbook.addWorksheet(ASSIGNMENT_EXPORT.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow([...ASSIGNMENT_EXPORT.columns]).font = { bold: true };
  COLUMN_WIDTHS.forEach((width, i) => {
    sheet.getColumn(i + 1).width = width;
  });
  for (const col of DATE_COLUMNS) sheet.getColumn(col).numFmt = ASSIGNMENT_EXPORT.dateFormat;
  for (const a of rows.slice(0, ASSIGNMENT_EXPORT.maxRows)) sheet.addRow(row(a));
  if (rows.length > ASSIGNMENT_EXPORT.maxRows)
    sheet.addRow([ASSIGNMENT_EXPORT.truncatedNote(ASSIGNMENT_EXPORT.maxRows)]);
  return {
    fileName: `${ASSIGNMENT_EXPORT_NAMES[q.tab]}.xlsx`,
    data: Buffer.from(await workbook.xlsx.writeBuffer()),
  };
}
