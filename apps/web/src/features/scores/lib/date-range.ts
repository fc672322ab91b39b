import { SCORE_TEXTS, SCORE_UI_TEXTS, type ScoreDatePreset, scorePresetRange, toScoreDateValue } from '@sim/shared';

/** The popover's dates: values 'YYYY-MM-DD', null when open-ended. */
export interface DayRange {
  startDate: string | null;
  endDate: string | null;
}

/** A value 'YYYY-MM-DD' as the popover shows it: 'DD-MM-YYYY' (section 9). */
export function displayDay(value: string | null): string {
  if (!value) return '';
  const [y, m, d] = value.split('-');
  return `${d}-${m}-${y}`;
}

/** A day typed 'DD-MM-YYYY' (or D-M-YYYY, with - / or .) as its value 'YYYY-MM-DD'; null when it is no real day. */
export function parseDisplayDay(text: string): string | null {
  const match = text.trim().match(/^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/);
  if (!match) return null;
  const [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = new Date(y, m - 1, d);
  if (at.getFullYear() !== y || at.getMonth() !== m - 1 || at.getDate() !== d) return null;
  return toScoreDateValue(at);
}

/** The range of a preset, seen from `now` (the shared preset rules). */
export function presetRange(preset: ScoreDatePreset, now = new Date()): DayRange {
  const [start, end] = scorePresetRange(preset, now);
  return { startDate: toScoreDateValue(start), endDate: toScoreDateValue(end) };
}

/** The popover's two fields as typed. */
export interface DayRangeDraft {
  start: string;
  end: string;
}

export const draftOf = (range: DayRange): DayRangeDraft => ({
  start: displayDay(range.startDate),
  end: displayDay(range.endDate),
});

export type DraftCheck =
  | { ok: true; range: DayRange }
  | { ok: false; startError: string | null; endError: string | null };

const BAD_DAY = SCORE_UI_TEXTS.badDay;

/** Apply's check: each field empty (open-ended) or a real day, and the start not after the end. */
export function checkDraft(draft: DayRangeDraft): DraftCheck {
  const startDate = draft.start.trim() ? parseDisplayDay(draft.start) : null;
  const endDate = draft.end.trim() ? parseDisplayDay(draft.end) : null;
  const startError = draft.start.trim() && !startDate ? BAD_DAY : null;
  const endError = draft.end.trim() && !endDate ? BAD_DAY : null;
  if (startError || endError) return { ok: false, startError, endError };
  if (startDate && endDate && startDate > endDate)
    return { ok: false, startError: null, endError: SCORE_TEXTS.dateOrder };
  return { ok: true, range: { startDate, endDate } };
}

/** The date button's label: 'DD-MM-YYYY – DD-MM-YYYY', one end only, or 'Any date'. */
export function rangeLabel(range: DayRange): string {
  const start = displayDay(range.startDate);
  const end = displayDay(range.endDate);
  if (start && end) return start === end ? start : `${start} – ${end}`;
  if (start) return `${start} –`;
  if (end) return `– ${end}`;
  return SCORE_UI_TEXTS.anyDate;
}
