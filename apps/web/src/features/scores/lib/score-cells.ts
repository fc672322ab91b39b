import {
  ASSIGNMENT_LIMITS,
  cutText,
  formatScoreDate,
  formatScorePercent,
  formatScoreSeconds,
  SCORE_TEXTS,
  SCORE_UI_TEXTS,
  type ScoreSortKey,
  showingEntriesText,
  type TScoreRow,
} from '@sim/shared';
import type { ColumnShow } from '../../../components/data-table/types';

/** A score date 'YYYY-MMM-DD h:mm A' in the browser's time zone (its offset on that date); '------' when none. */
export function scoreDateText(iso: string | null | undefined): string {
  if (!iso) return SCORE_TEXTS.noValue;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return SCORE_TEXTS.noValue;
  return formatScoreDate(at, -at.getTimezoneOffset());
}

/** REVIEW STATUS: the decision (PASS / NO PASS), PENDING REVIEW while waiting, else '------'. */
export function reviewStatusText(row: Pick<TScoreRow, 'review_status' | 'status'>): string {
  if (row.review_status || row.status === 'PENDING REVIEW') return row.status;
  return SCORE_TEXTS.noValue;
}

/** A text cell: '------' when empty. */
const textOrDash = (text: string | null | undefined) => (text?.trim() ? text : SCORE_TEXTS.noValue);

/** The text of a cell, as the table shows it (assessor notes in full; the table cuts them). */
export function cellText(column: ScoreSortKey, row: TScoreRow): string {
  switch (column) {
    case 'sim':
      return row.sim;
    case 'level':
      return SCORE_UI_TEXTS.levelCell(row.level_order, row.level);
    case 'member':
      return row.member;
    case 'keywordAccuracy':
      return formatScorePercent(row.keywordAccuracy);
    case 'data_selection':
      return formatScorePercent(row.data_selection_accuracy);
    case 'typing_accuracy':
      return formatScorePercent(row.typing_accuracy);
    case 'overall_percentage':
      return formatScorePercent(row.overall_percentage);
    case 'total_seconds':
      return formatScoreSeconds(row.total_seconds);
    case 'wrapSeconds':
      return formatScoreSeconds(row.wrapSeconds);
    case 'start_date':
      return scoreDateText(row.start_date);
    case 'completed_date':
      return scoreDateText(row.completed_date);
    case 'sent_for_review_date':
      return scoreDateText(row.sent_for_review_date);
    case 'review_status':
      return reviewStatusText(row);
    case 'reviewed_date':
      return scoreDateText(row.reviewed_date);
    case 'reviewed_by':
      return textOrDash(row.reviewed_by);
    case 'assessor_notes':
      return textOrDash(row.assessor_notes);
  }
}

/** Assessor notes in a cell: cut at 90 characters like the other notes (section 9). */
export const cutNotes = (text: string) => cutText(text, ASSIGNMENT_LIMITS.instructionCut);

/** 'Showing X to Y of Z entries' (Z+ when the server stopped counting); X and Y from 1, 0 to 0 when empty. */
export const showingText = showingEntriesText;

/** The result view of a row (issue 13): the reviewer's view of that attempt's level. */
export function resultUrl(row: Pick<TScoreRow, 'assignment_id' | 'user_id' | 'sim_id' | 'level_id'>): string {
  const query = new URLSearchParams({
    viewResult: 'true',
    assignment_id: row.assignment_id,
    user_id: row.user_id,
    sim_id: row.sim_id,
    levelId: row.level_id,
    reviewer: 'true',
  });
  return `/sims/takesim?${query.toString()}`;
}

/**
 * Where a score column is at first (issue 31: the table fits its tab without scrolling sideways): the sim,
 * level, member, the overall figure, when it was completed and the review's status in the table; the other
 * ten columns in the row's details until the person shows them with "Columns".
 */
const SHOWN_AT_FIRST = new Set<ScoreSortKey>([
  'level',
  'member',
  'overall_percentage',
  'completed_date',
  'review_status',
]);

export function scoreColumnShow(column: ScoreSortKey): ColumnShow {
  if (column === 'sim') return 'always';
  return SHOWN_AT_FIRST.has(column) ? 'default' : 'optional';
}
