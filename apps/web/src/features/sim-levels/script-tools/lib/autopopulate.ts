import { AUTHORING_LIMITS, type TAutopopulateTarget, type TLayout, type TLayoutField } from '@sim/shared';

/** A tab of the sim's layouts, as the Select Tab dropdown lists it. */
export interface TabOption {
  key: string;
  label: string;
  layout: TLayout;
  tabIndex: number;
}

/**
 * The auto-populate target of a field (stored in the script's autopopulate_data): where the field is
 * and the value the player fills in after autopopulate_timer seconds.
 */
export interface AutopopulateTarget extends TAutopopulateTarget {
  type: TLayout['type'];
  tab_name: string;
  section_name: string;
  field_title: string;
  attribute_name: string;
  value: string;
}

export function tabOptions(layouts: readonly TLayout[]): TabOption[] {
  const kinds = new Set(layouts.map((l) => l.type));
  return layouts.flatMap((layout, layoutIndex) =>
    layout.tabs.map((tab, tabIndex) => ({
      key: `${layoutIndex}:${tabIndex}`,
      // both a case and an account layout: name the kind too
      label: kinds.size > 1 ? `${tab.tab_name} (${layout.type})` : tab.tab_name,
      layout,
      tabIndex,
    })),
  );
}

export function targetOf(
  layout: TLayout,
  tabName: string,
  sectionName: string,
  field: TLayoutField,
): AutopopulateTarget {
  return {
    type: layout.type,
    tab_name: tabName,
    section_name: sectionName,
    field_title: field.field_title,
    attribute_name: field.attribute_name,
    value: field.value,
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/** Identifies a target (a field of a tab of a layout kind), for stored targets as well. */
export function targetKey(target: TAutopopulateTarget): string {
  const field = text(target.attribute_name) || text(target.field_title) || text(target.fieldTitle);
  return `${text(target.type)}|${text(target.tab_name)}|${field}`;
}

/** The tab of the first stored target, so the dialog opens where the author left it. */
export function initialTabKey(options: readonly TabOption[], stored: readonly TAutopopulateTarget[]): string {
  const first = stored[0];
  if (!first) return '';
  const match = options.find(
    (o) => o.layout.tabs[o.tabIndex]?.tab_name === first.tab_name && (!first.type || o.layout.type === first.type),
  );
  return match?.key ?? '';
}

/** The timer as typed: a whole number of seconds within the limit, or null when it is not one. */
export function parseTimer(input: string): number | null {
  const trimmed = input.trim();
  if (trimmed === '') return 0;
  if (!/^\d+$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= AUTHORING_LIMITS.autopopulateTimerMaxSeconds ? value : null;
}
