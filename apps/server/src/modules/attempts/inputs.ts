import {
  type CaseFieldTarget,
  caseFieldTargets,
  TAKE_SIM_MESSAGES,
  type TAttemptInput,
  type TLayout,
} from '@sim/shared';
import { Invalid } from '../../lib/errors';

/**
 * The case-panel values of an attempt as the server keeps them (issue 30): the fields and their targets come
 * from the sim's layouts as the take screen shows them (none unless the sim is Internal Data), the learner
 * gives only the values.
 * - a field_id that is not an enabled field of the layouts: 400 naming it (the caller writes nothing);
 * - the client's field_title, kind and target_value are ignored (kept in the schema for compatibility);
 * - a field sent twice: its last value counts; a field left out: entered as '' (so a scored one is wrong).
 */
export function caseTargetsOf(productType: string, layouts: readonly TLayout[]): CaseFieldTarget[] {
  return /internal data/i.test(productType) ? caseFieldTargets(layouts) : [];
}

export function serverInputs(targets: readonly CaseFieldTarget[], sent: readonly TAttemptInput[]): TAttemptInput[] {
  const known = new Set(targets.map((t) => t.field_id));
  const unknown = sent.find((input) => !known.has(input.field_id));
  if (unknown) throw Invalid(TAKE_SIM_MESSAGES.unknownCaseField(unknown.field_id), 'inputs');
  const values = new Map(sent.map((input) => [input.field_id, input.input_value]));
  return targets.map((t) => ({
    field_id: t.field_id,
    field_title: t.field_title,
    kind: t.kind,
    input_value: values.get(t.field_id) ?? '',
    target_value: t.target_value,
  }));
}
