// figures and durations read as everywhere else: packages/shared/src/display-format.ts
export { durationText, figureText, gradeText } from '@sim/shared';

/** A running timer as mm:ss. */
export function clockText(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}
