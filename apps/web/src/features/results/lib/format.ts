import { DISPLAY_DATE_FORMAT } from '@sim/shared';
import dayjs from 'dayjs';

// figures and durations read as everywhere else: packages/shared/src/display-format.ts
export { durationText, figureText, gradeText, NOT_APPLICABLE } from '@sim/shared';

/** A result or track-record date, MM-DD-YYYY (section 9); '' when absent or unreadable. */
export function resultDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const day = dayjs(iso);
  return day.isValid() ? day.format(DISPLAY_DATE_FORMAT) : '';
}

/** A player position as m:ss. */
export function clockText(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}
