import {
  attributeNameOf,
  DATA_INPUT_LIMITS,
  DATA_INPUT_MESSAGES,
  DEFAULT_LAYOUT_FIELD_TYPE,
  LAYOUT_FIELD_DEFAULTS,
  LAYOUT_TEMPLATE,
  layoutColumnName,
  layoutFieldProblem,
  type TLayout,
  type TLayoutField,
  type TLayoutSection,
  type TLayoutTab,
  type TLayoutType,
  yesNoOf,
} from '@sim/shared';
import { Invalid } from '../../../lib/errors';
import type { SheetRow } from '../excel/cell-text';
import type { LayoutSheet } from './sheet';

const M = DATA_INPUT_MESSAGES;
const L = DATA_INPUT_LIMITS;

type Column =
  | 'Tab'
  | 'Section'
  | 'Field Title'
  | 'Attribute Name'
  | 'Type'
  | 'Options'
  | 'Default Value'
  | 'Scorable'
  | 'Enabled';
const COLUMNS = LAYOUT_TEMPLATE.columns.map(layoutColumnName) as Column[];

const headerKey = (text: string) => layoutColumnName(text).toLowerCase().replace(/\s+/g, ' ');
const oneLine = (text: string) => text.trim().replace(/\s+/g, ' ');
const keyOf = (name: string) => name.toLowerCase();

/** Where each column is in the header row (-1 when absent); the required columns must be there. */
function columnIndex(header: SheetRow): Record<Column, number> {
  const keys = header.cells.map(headerKey);
  const index = Object.fromEntries(COLUMNS.map((c) => [c, keys.indexOf(c.toLowerCase())])) as Record<Column, number>;
  for (const column of LAYOUT_TEMPLATE.requiredColumns)
    if (index[column] < 0) throw Invalid(M.missingColumn(column), 'file');
  return index;
}

/** The checkbox value a Yes/No cell stands for: 'true', 'false' or '' (blank). */
function checkboxValue(value: string): string | null {
  const yes = yesNoOf(value);
  if (yes === null) return null;
  return yes === undefined ? '' : String(yes);
}

interface Place {
  tab: TLayoutTab;
  sections: Map<string, TLayoutSection>;
}

/**
 * The layout of an uploaded sheet: one field per row, grouped into tabs and sections in the order their
 * names first appear (names compare without regard to case or spacing); the fields keep the row order.
 * Every row is checked; the first problem answers 400 naming its row, before anything is written.
 */
export function layoutFromSheet(type: TLayoutType, sheet: LayoutSheet): TLayout {
  const firstRow = sheet.rows.findIndex((r) => r.cells.some((c) => c.trim() !== ''));
  if (firstRow < 0) throw Invalid(M.noRows, 'file');
  const index = columnIndex(sheet.rows[firstRow]);
  const tabs = new Map<string, Place>();
  const attributes = new Map<string, number>();
  let fields = 0;

  for (const { row, cells } of sheet.rows.slice(firstRow + 1)) {
    if (cells.every((c) => c.trim() === '')) continue;
    const at = (column: Column) => (index[column] < 0 ? '' : (cells[index[column]] ?? ''));
    const fail = (reason: string) => Invalid(M.row(row, reason), 'file');
    if (++fields > L.maxFields) throw fail(M.tooManyFields);

    const tabName = oneLine(at('Tab'));
    if (!tabName) throw fail(M.required('Tab'));
    if (tabName.length > L.tabNameMax) throw fail(M.tooLong('Tab', L.tabNameMax));
    const sectionName = oneLine(at('Section'));
    if (!sectionName) throw fail(M.required('Section'));
    if (sectionName.length > L.sectionNameMax) throw fail(M.tooLong('Section', L.sectionNameMax));

    const title = oneLine(at('Field Title'));
    const rawType = at('Type').trim().toLowerCase();
    const fieldType = rawType || DEFAULT_LAYOUT_FIELD_TYPE;
    let value = at('Default Value').trim();
    if (fieldType === 'checkbox') {
      const checked = checkboxValue(value);
      if (checked === null) throw fail(M.valueNotCheckbox(value));
      value = checked;
    }
    const flag = (column: 'Scorable' | 'Enabled', fallback: boolean) => {
      const yes = yesNoOf(at(column));
      if (yes === null) throw fail(M.yesNo(column, at(column).trim()));
      return yes ?? fallback;
    };
    const field: TLayoutField = {
      field_title: title,
      attribute_name: at('Attribute Name').trim() || attributeNameOf(title),
      type: fieldType,
      options: at('Options')
        .split(LAYOUT_TEMPLATE.optionSeparator)
        .map(oneLine)
        .filter((o) => o !== ''),
      value,
      is_scorable: flag('Scorable', LAYOUT_FIELD_DEFAULTS.is_scorable),
      is_enabled: flag('Enabled', LAYOUT_FIELD_DEFAULTS.is_enabled),
    };
    // a default value matches its option without regard to case and takes the option's spelling
    const option = field.options.find((o) => keyOf(o) === keyOf(field.value));
    if (option) field.value = option;
    const problem = layoutFieldProblem(field);
    if (problem) throw fail(problem);
    const usedOn = attributes.get(keyOf(field.attribute_name));
    if (usedOn !== undefined) throw fail(M.attributeDuplicate(field.attribute_name, `on row ${usedOn}`));
    attributes.set(keyOf(field.attribute_name), row);

    let place = tabs.get(keyOf(tabName));
    if (!place) {
      if (tabs.size >= L.maxTabs) throw fail(M.tooManyTabs);
      place = { tab: { tab_name: tabName, sections: [] }, sections: new Map() };
      tabs.set(keyOf(tabName), place);
    }
    let section = place.sections.get(keyOf(sectionName));
    if (!section) {
      if (place.sections.size >= L.maxSectionsPerTab) throw fail(M.tooManySections(place.tab.tab_name));
      section = { section_name: sectionName, fields: [] };
      place.sections.set(keyOf(sectionName), section);
      place.tab.sections.push(section);
    }
    section.fields.push(field);
  }
  if (fields === 0) throw Invalid(M.noRows, 'file');
  return { type, excel_sheet_name: sheet.sheetName, tabs: [...tabs.values()].map((p) => p.tab) };
}
