import {
  TAKE_SIM_MESSAGES,
  type TAttemptInput,
  type TLayout,
  type TLayoutField,
  yesNoOf,
  ZAttemptInput,
  ZLayout,
} from '@sim/shared';

/**
 * The case panel of an Internal Data sim (administration-and-support.md, the case screen): the sim's
 * layouts as the learner fills them in. A field's authored value is its target (what the learner should
 * enter); the learner starts from an empty field when it is scored, and from the authored default
 * otherwise. The entered values are kept by field key.
 */
export type FieldValues = Readonly<Record<string, string>>;

/** The layouts of the take-sim answer (JSON), those that read as layouts. */
export function layoutsOf(json: readonly unknown[]): TLayout[] {
  return json.flatMap((item) => {
    const parsed = ZLayout.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

export function fieldKey(
  type: string,
  tab: string,
  section: string,
  field: Pick<TLayoutField, 'attribute_name' | 'field_title'>,
) {
  return `${type}|${tab}|${section}|${field.attribute_name || field.field_title}`;
}

interface PlacedField {
  key: string;
  layout: TLayout;
  tab: string;
  section: string;
  field: TLayoutField;
}

export function placedFields(layouts: readonly TLayout[]): PlacedField[] {
  return layouts.flatMap((layout) =>
    layout.tabs.flatMap((tab) =>
      tab.sections.flatMap((section) =>
        section.fields.map((field) => ({
          key: fieldKey(layout.type, tab.tab_name, section.section_name, field),
          layout,
          tab: tab.tab_name,
          section: section.section_name,
          field,
        })),
      ),
    ),
  );
}

/** What the learner starts from: empty for a scored field (its value is the answer), the default otherwise. */
export function initialValues(layouts: readonly TLayout[]): FieldValues {
  return Object.fromEntries(
    placedFields(layouts).map(({ key, field }) => [key, field.is_scorable && field.is_enabled ? '' : field.value]),
  );
}

const SELECTION_TYPES = new Set(['picklist', 'select', 'checkbox', 'radio']);

/** A checkbox holds 'true' or 'false'; other fields the text as given. */
function valueFor(field: TLayoutField, raw: string): string {
  if (field.type !== 'checkbox') return raw;
  const flag = yesNoOf(raw);
  return flag === true ? 'true' : flag === false ? 'false' : '';
}

/** Load Case: the fields whose attribute name the case has take its value. Answers the values and how many were filled. */
export function withCase(
  layouts: readonly TLayout[],
  values: FieldValues,
  details: Record<string, string>,
): { values: FieldValues; filled: number } {
  const next: Record<string, string> = { ...values };
  let filled = 0;
  for (const { key, field } of placedFields(layouts)) {
    if (!field.attribute_name || !Object.hasOwn(details, field.attribute_name)) continue;
    next[key] = valueFor(field, details[field.attribute_name] ?? '');
    filled += 1;
  }
  return { values: next, filled };
}

const str = (v: unknown) =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';

/**
 * Auto-populate (the clip's autopopulate_data after autopopulate_timer seconds): each target names a field
 * (layout type, tab, its attribute name or title) and the value to put in it.
 */
export function withAutopopulate(
  layouts: readonly TLayout[],
  values: FieldValues,
  targets: readonly Record<string, unknown>[],
): { values: FieldValues; filled: number } {
  const next: Record<string, string> = { ...values };
  let filled = 0;
  const fields = placedFields(layouts);
  for (const target of targets) {
    const name = str(target.attribute_name) || str(target.field_title) || str(target.fieldTitle);
    if (!name) continue;
    const match = fields.find(
      ({ layout, tab, field }) =>
        (!str(target.type) || layout.type === str(target.type)) &&
        (!str(target.tab_name) || tab === str(target.tab_name)) &&
        (field.attribute_name === name || field.field_title === name),
    );
    if (!match) continue;
    next[match.key] = valueFor(match.field, str(target.value));
    filled += 1;
  }
  return { values: next, filled };
}

/** The attempt's inputs as save-take-sim-input-details takes them: every enabled field, scored ones with their target. */
export function attemptInputs(layouts: readonly TLayout[], values: FieldValues): TAttemptInput[] {
  return placedFields(layouts)
    .filter(({ field }) => field.is_enabled)
    .map(({ key, field }) => ({
      field_id: key.slice(0, 100),
      field_title: field.field_title.slice(0, 255),
      kind: SELECTION_TYPES.has(field.type) ? ('selection' as const) : ('typing' as const),
      input_value: (values[key] ?? '').slice(0, 5000),
      target_value: field.is_scorable ? field.value.slice(0, 5000) : null,
    }))
    .filter((input) => ZAttemptInput.safeParse(input).success)
    .slice(0, 500);
}

/** The case number check of the Load button: required, then digits only. */
export function caseNumberProblem(input: string): string | null {
  const value = input.trim();
  if (value === '') return TAKE_SIM_MESSAGES.caseNumberRequired;
  if (!/^\d{1,10}$/.test(value)) return TAKE_SIM_MESSAGES.caseNumberNumeric;
  return null;
}
