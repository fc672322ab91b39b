import { TAKE_SIM_TEXTS as T } from '@sim/shared';

/** A level figure: N/A when it does not apply (null), else the percentage with at most 2 decimals. */
export function figureText(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return T.notApplicable;
  return `${Number(value.toFixed(2))}%`;
}

/** A line's confidence: grade_score with 2 decimals and a percent sign (learner-and-review.md section 2). */
export function gradeText(score: number): string {
  return `${score.toFixed(2)}%`;
}

/** Seconds as hours, minutes and seconds ('0m 0s' when empty). */
export function durationText(totalSeconds: number | null | undefined): string {
  const s = Math.max(0, Math.round(totalSeconds ?? 0));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  return hours > 0 ? `${hours}h ${minutes}m ${seconds}s` : `${minutes}m ${seconds}s`;
}

/** A running timer as mm:ss. */
export function clockText(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
