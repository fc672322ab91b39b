import { AUTHORING_MESSAGES, type TPassFail, type TSetCriteriaRequest } from '@sim/shared';

export const THRESHOLDS = ['keyword', 'typing', 'dataSelection', 'overall'] as const;
export type Threshold = (typeof THRESHOLDS)[number];

const FIELD: Record<Threshold, 'keyword' | 'typing' | 'data_selection' | 'overall'> = {
  keyword: 'keyword',
  typing: 'typing',
  dataSelection: 'data_selection',
  overall: 'overall',
};
const valueKey = (t: Threshold) => `threshold_${FIELD[t]}_accuracy` as const;
const disableKey = (t: Threshold) => `disable_threshold_${FIELD[t]}_accuracy` as const;

export interface CriteriaValues {
  /** as typed; empty means "not set" */
  values: Record<Threshold, string>;
  /** the 'NA' checkboxes */
  na: Record<Threshold, boolean>;
  allowSkipLevels: boolean;
}

/**
 * The form's start: the criteria when this level carries them; otherwise empty, with typing and data
 * selection marked NA for Voice Only products (they have no such figures, authoring.md section 1).
 */
export function initialCriteria(passFail: TPassFail | null, voiceOnly: boolean): CriteriaValues {
  if (passFail) {
    const values = {} as Record<Threshold, string>;
    const na = {} as Record<Threshold, boolean>;
    for (const t of THRESHOLDS) {
      const v = passFail[valueKey(t)];
      values[t] = v === null ? '' : String(v);
      na[t] = passFail[disableKey(t)];
    }
    return { values, na, allowSkipLevels: passFail.allow_skip_levels };
  }
  return {
    values: { keyword: '', typing: '', dataSelection: '', overall: '' },
    na: { keyword: false, typing: voiceOnly, dataSelection: voiceOnly, overall: false },
    allowSkipLevels: false,
  };
}

/** A threshold as sent: null when empty, else the number (NaN when it is not one). */
function thresholdOf(input: string): number | null {
  const trimmed = input.trim();
  return trimmed === '' ? null : Number(trimmed);
}

/** The thresholds that are not percentages (an NA threshold is not checked). */
export function criteriaErrors(form: CriteriaValues): Partial<Record<Threshold, string>> {
  const errors: Partial<Record<Threshold, string>> = {};
  for (const t of THRESHOLDS) {
    if (form.na[t]) continue;
    const v = thresholdOf(form.values[t]);
    if (v !== null && (!Number.isFinite(v) || v < 0 || v > 100)) errors[t] = AUTHORING_MESSAGES.thresholdRange;
  }
  return errors;
}

export function criteriaRequest(simId: string, levelId: string, form: CriteriaValues): TSetCriteriaRequest {
  const body: TSetCriteriaRequest = {
    sim_id: simId,
    sim_level_id: levelId,
    threshold_keyword_accuracy: null,
    threshold_typing_accuracy: null,
    threshold_data_selection_accuracy: null,
    threshold_overall_accuracy: null,
    allow_skip_levels: form.allowSkipLevels,
  };
  for (const t of THRESHOLDS) {
    const v = thresholdOf(form.values[t]);
    body[valueKey(t)] = v !== null && Number.isFinite(v) ? v : null;
    body[disableKey(t)] = form.na[t];
  }
  return body;
}
