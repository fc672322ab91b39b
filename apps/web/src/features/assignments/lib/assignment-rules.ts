import {
  ASSIGNMENT_DATE_FORMAT,
  ASSIGNMENT_LIMITS,
  ASSIGNMENT_MESSAGES,
  ASSIGNMENT_TEXTS,
  type AssignmentSortKey,
  type AssignmentTab,
  cutText,
  DONE_STATUSES,
  type TAssignment,
} from '@sim/shared';
import dayjs from 'dayjs';
import type { ColumnShow } from '../../../components/data-table/types';
import type { DashboardAccess } from './dashboard-tabs';

/** A column of the list: a sortable field, or ACTIONS. */
export type AssignmentColumn = AssignmentSortKey | 'actions';

export const COLUMN_LABELS: Record<AssignmentColumn, string> = {
  assigned_to: ASSIGNMENT_TEXTS.colAssignedTo,
  group: ASSIGNMENT_TEXTS.colGroup,
  tool_type: ASSIGNMENT_TEXTS.colToolType,
  assignment: ASSIGNMENT_TEXTS.colAssignment,
  assigned_on: ASSIGNMENT_TEXTS.colAssignedOn,
  assigned_by: ASSIGNMENT_TEXTS.colAssignedBy,
  notes: ASSIGNMENT_TEXTS.colInstruction,
  review_comments: ASSIGNMENT_TEXTS.colMessage,
  start_date: ASSIGNMENT_TEXTS.colStartDate,
  send_for_review_date: ASSIGNMENT_TEXTS.colSentForReview,
  date_of_review: ASSIGNMENT_TEXTS.colDateOfReview,
  status: ASSIGNMENT_TEXTS.colStatus,
  completed_on: ASSIGNMENT_TEXTS.colCompletedOn,
  actions: ASSIGNMENT_TEXTS.colActions,
};

/**
 * ASSIGNED TO (learner-and-review.md section 2): whoever sees every member's assignments (all_assignments
 * view, the spec's admin and account owner) on every tab but My Assignments; others on All and Completed
 * when a row of the page is someone else's.
 */
export function showsAssignedTo(tab: AssignmentTab, seesEveryone: boolean, rows: readonly TAssignment[]): boolean {
  if (seesEveryone) return tab !== 'MY_ASSIGNMENT';
  return (tab === 'All_ASSIGNMENT' || tab === 'COMPLETED') && rows.some((r) => !r.is_mine);
}

/** The name in ASSIGNED TO: blank on one's own rows unless one sees everyone's. */
export function assignedToText(row: TAssignment, seesEveryone: boolean): string {
  return seesEveryone || !row.is_mine ? row.assigned_to : '';
}

/** The columns of a tab, in the spec's order. */
export function columnsFor(
  tab: AssignmentTab,
  seesEveryone: boolean,
  rows: readonly TAssignment[],
): AssignmentColumn[] {
  const columns: AssignmentColumn[] = [];
  if (showsAssignedTo(tab, seesEveryone, rows)) columns.push('assigned_to');
  if (tab === 'All_ASSIGNMENT') columns.push('group');
  columns.push('tool_type', 'assignment', 'assigned_on', 'assigned_by', 'notes', 'review_comments', 'start_date');
  if (tab === 'COMPLETED') columns.push('send_for_review_date', 'date_of_review');
  columns.push('status');
  if (tab === 'PENDING_REVIEW') columns.push('completed_on');
  columns.push('actions');
  return columns;
}

/** The date a tab is about: when it was assigned (All, My), reviewed (Completed), completed (Pending Review). */
const TAB_DATE: Record<AssignmentTab, AssignmentColumn> = {
  All_ASSIGNMENT: 'assigned_on',
  MY_ASSIGNMENT: 'assigned_on',
  COMPLETED: 'date_of_review',
  PENDING_REVIEW: 'completed_on',
};

/**
 * Where a column of a tab is at first (issue 31: the table fits 1280 px without scrolling sideways): the
 * assignment, its STATUS and ACTIONS always; whose it is, the reviewer's MESSAGE TO LEARNER and the tab's
 * date until the person hides them; the other columns in the row's details until the person shows them.
 */
export function columnShow(column: AssignmentColumn, tab: AssignmentTab): ColumnShow {
  if (column === 'assignment' || column === 'status' || column === 'actions') return 'always';
  if (column === 'assigned_to' || column === 'review_comments' || column === TAB_DATE[tab]) return 'default';
  return 'optional';
}

/** 'MMM DD YYYY', or a dash when the date is not reached. */
export function formatListDate(iso: string | null): string {
  if (!iso) return ASSIGNMENT_TEXTS.noDate;
  const day = dayjs(iso);
  return day.isValid() ? day.format(ASSIGNMENT_DATE_FORMAT) : ASSIGNMENT_TEXTS.noDate;
}

export const cutTitle = (title: string) => cutText(title, ASSIGNMENT_LIMITS.titleCut);
export const cutInstruction = (text: string) => cutText(text, ASSIGNMENT_LIMITS.instructionCut);

/** NO PASS rows red; other users' rows grey unless PENDING REVIEW (a reviewer opens those). */
export type RowTone = 'normal' | 'failed' | 'muted';

export function rowTone(row: TAssignment): RowTone {
  if (row.status === 'NO PASS') return 'failed';
  if (!row.is_mine && row.status !== 'PENDING REVIEW') return 'muted';
  return 'normal';
}

/** A row opens the sim detail dialog: one's own, or another's PENDING REVIEW row. */
export const isRowOpenable = (row: TAssignment) => row.is_mine || row.status === 'PENDING REVIEW';

export const isDone = (row: Pick<TAssignment, 'status'>) => DONE_STATUSES.includes(row.status);

/** The instruction dialog's mode: add when blank, edit with notes_to_user update, else view. */
export type InstructionMode = 'view' | 'add' | 'edit';

export interface InstructionAction {
  mode: InstructionMode;
  /** false: the control is disabled and says why */
  allowed: boolean;
  deniedText: string;
}

/** null: no instruction control (a learner with no instruction to read). */
export function instructionAction(row: TAssignment, access: DashboardAccess): InstructionAction | null {
  if (row.notes.trim() === '') {
    if (access.learner && !access.canCreateNotes) return null;
    return { mode: 'add', allowed: access.canCreateNotes, deniedText: ASSIGNMENT_MESSAGES.noCreate };
  }
  if (access.canUpdateNotes) return { mode: 'edit', allowed: true, deniedText: ASSIGNMENT_MESSAGES.noUpdate };
  return { mode: 'view', allowed: true, deniedText: ASSIGNMENT_MESSAGES.noUpdate };
}

/** The actions of a row on a tab (section 2). */
export interface RowActions {
  go: boolean;
  viewOrRetry: boolean;
  trackRecord: boolean;
  review: boolean;
  instruction: InstructionAction | null;
  /** null: no delete control; else whether it is allowed */
  delete: { allowed: boolean } | null;
}

export function rowActions(row: TAssignment, tab: AssignmentTab, access: DashboardAccess): RowActions {
  return {
    go: tab === 'MY_ASSIGNMENT' && row.is_mine,
    viewOrRetry: tab === 'COMPLETED' && row.is_mine,
    trackRecord: tab === 'COMPLETED' && (row.status === 'PASS' || row.status === 'NO PASS'),
    review: row.status === 'PENDING REVIEW' && access.canReview && !row.is_mine,
    instruction: instructionAction(row, access),
    delete: row.status === 'NOT STARTED' && !access.learner ? { allowed: access.canDelete } : null,
  };
}

/** The empty text of a tab (section 2). */
export interface EmptyText {
  title: string;
  hint?: string;
  /** offer ADD ASSIGNMENT */
  offerAdd: boolean;
}

export function emptyText(tab: AssignmentTab, textSearch: string, access: DashboardAccess): EmptyText {
  if (textSearch !== '' || tab === 'COMPLETED' || tab === 'PENDING_REVIEW')
    return { title: ASSIGNMENT_MESSAGES.emptyTab, offerAdd: false };
  if (access.canCreate && !access.learner)
    return { title: ASSIGNMENT_MESSAGES.emptyFirst, hint: ASSIGNMENT_MESSAGES.emptyFirstHint, offerAdd: true };
  return { title: ASSIGNMENT_MESSAGES.emptyNone, offerAdd: false };
}
