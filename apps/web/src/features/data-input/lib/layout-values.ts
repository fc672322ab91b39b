import { LAYOUT_TEMPLATE, type TLayout, type TLayoutField, type TLayoutType, yesNoOf } from '@sim/shared';

/** Where a field sits in a layout. */
export interface FieldPlace {
  tab: number;
  section: number;
  field: number;
}

/** The Excel upload takes .xlsx and .csv only (authoring.md section 5). */
export function isLayoutFile(fileName: string): boolean {
  const name = fileName.toLowerCase();
  return LAYOUT_TEMPLATE.extensions.some((ext) => name.endsWith(ext));
}

export function layoutOf(layouts: readonly TLayout[], type: TLayoutType): TLayout | null {
  return layouts.find((l) => l.type === type) ?? null;
}

/** The layouts with the layout of that type replaced (or added). */
export function withLayout(layouts: readonly TLayout[], layout: TLayout): TLayout[] {
  const found = layouts.some((l) => l.type === layout.type);
  return found ? layouts.map((l) => (l.type === layout.type ? layout : l)) : [...layouts, layout];
}

function mapFields(layout: TLayout, change: (field: TLayoutField, place: FieldPlace) => TLayoutField): TLayout {
  return {
    ...layout,
    tabs: layout.tabs.map((tab, t) => ({
      ...tab,
      sections: tab.sections.map((section, s) => ({
        ...section,
        fields: section.fields.map((field, f) => change(field, { tab: t, section: s, field: f })),
      })),
    })),
  };
}

/** One field's new value. */
export function setFieldValue(layout: TLayout, place: FieldPlace, value: string): TLayout {
  return mapFields(layout, (field, p) =>
    p.tab === place.tab && p.section === place.section && p.field === place.field ? { ...field, value } : field,
  );
}

/** A case value as the field holds it: a checkbox keeps 'true' or 'false'. */
function valueFor(field: TLayoutField, raw: string): string {
  if (field.type !== 'checkbox') return raw;
  const flag = yesNoOf(raw);
  return flag === true ? 'true' : flag === false ? 'false' : field.value;
}

/**
 * Load Case Details: the fields whose attribute_name the case has take its value. Returns the layout and
 * how many fields were filled.
 */
export function fillFromCase(layout: TLayout, details: Record<string, string>): { layout: TLayout; filled: number } {
  let filled = 0;
  const next = mapFields(layout, (field) => {
    if (!field.attribute_name || !Object.hasOwn(details, field.attribute_name)) return field;
    filled += 1;
    return { ...field, value: valueFor(field, details[field.attribute_name] ?? '') };
  });
  return { layout: next, filled };
}

/** The case number input keeps digits only (authoring.md section 5: numeric). */
export const digitsOnly = (text: string) => text.replace(/\D/g, '');
