/**
 * How figures and times read on every screen (learner-and-review.md sections 2 and 9): the take-sim
 * screen's figures, the result view, the score table. One place, so they read the same everywhere.
 */

import { NOT_APPLICABLE } from './grading/constants';

/** A level figure: N/A when it does not apply (null), else the percentage with at most 2 decimals. */
export function figureText(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return NOT_APPLICABLE;
  return `${Number(value.toFixed(2))}%`;
}

/** A line's confidence: grade_score with 2 decimals and a percent sign. */
export function gradeText(score: number | null | undefined): string {
  const value = typeof score === 'number' && Number.isFinite(score) ? score : 0;
  return `${value.toFixed(2)}%`;
}

/** Seconds as hours, minutes and seconds; '0m 0s' when empty (section 9). */
export function durationText(totalSeconds: number | null | undefined): string {
  const raw = typeof totalSeconds === 'number' && Number.isFinite(totalSeconds) ? totalSeconds : 0;
  const s = Math.max(0, Math.round(raw));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  return hours > 0 ? `${hours}h ${minutes}m ${seconds}s` : `${minutes}m ${seconds}s`;
}

/**
 * A list's pager line, 'Showing X to Y of Z entries' (section 2): X and Y from 1, '0 to 0' when empty, 'Z+'
 * when the server stopped counting (a capped total).
 */
export function showingEntriesText(page: number, limit: number, shown: number, total: number, capped = false) {
  const empty = total === 0 || shown === 0;
  const from = empty ? 0 : page * limit + 1;
  const to = empty ? 0 : page * limit + shown;
  return `Showing ${from} to ${to} of ${total}${capped ? '+' : ''} entries`;
}
