/**
 * Data Input (authoring.md sections 2, 3, 5, 7 and 8; DECISIONS.md sections 3 and 7): the case and account
 * layouts uploaded from Excel or CSV, the layout template and the case service. The spec's texts are word for
 * word (odd spacing included); the rest are texts and limits the spec does not give.
 */

/** The field types of a layout field (the spec names picklist, text and select). */
export const LAYOUT_FIELD_TYPES = ['text', 'textarea', 'picklist', 'select', 'date', 'number', 'checkbox'] as const;
export type LayoutFieldType = (typeof LAYOUT_FIELD_TYPES)[number];
/** The types whose field offers a list of options. */
export const LAYOUT_OPTION_TYPES: readonly LayoutFieldType[] = ['picklist', 'select'];
export const DEFAULT_LAYOUT_FIELD_TYPE: LayoutFieldType = 'text';

export const DATA_INPUT_LIMITS = {
  maxUploadBytes: 2 * 1024 * 1024,
  /** fields of one layout (rows of the sheet) */
  maxFields: 500,
  maxTabs: 10,
  maxSectionsPerTab: 20,
  maxOptions: 50,
  tabNameMax: 60,
  sectionNameMax: 80,
  fieldTitleMax: 100,
  attributeNameMax: 64,
  optionMax: 100,
  valueMax: 2000,
  sheetNameMax: 100,
  /** the case service answers at most this many case numbers */
  maxCaseIds: 1000,
  /** the largest case number (a PostgreSQL integer) */
  caseNumberMax: 2_147_483_647,
} as const;
const L = DATA_INPUT_LIMITS;

/** The layout sheet of the template: its columns (found by header name, in any order) and file names. */
export const LAYOUT_TEMPLATE = {
  columns: [
    'Tab',
    'Section',
    'Field Title',
    'Attribute Name',
    'Type',
    'Options (separated by ;)',
    'Default Value',
    'Scorable (Yes/No)',
    'Enabled (Yes/No)',
  ] as const,
  /** columns that must be in the header row */
  requiredColumns: ['Tab', 'Section', 'Field Title'] as const,
  sheet: 'Layout',
  instructionsSheet: 'Instructions',
  templateFileName: 'Layout_Template.xlsx',
  extensions: ['.xlsx', '.csv'] as const,
  optionSeparator: ';',
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
/** A column's short name: the header without its parenthesised hint ('Options (separated by ;)' → 'Options'). */
export const layoutColumnName = (header: string) => header.split('(')[0].trim();

/** The two templates of GET /api/v1/sims/download-template?kind= (levels when left out). */
export const TEMPLATE_KINDS = ['levels', 'layout'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** Yes/No cells: these spellings, any case; a blank cell takes the column's default. */
export const YES_WORDS = ['yes', 'y', 'true', '1'] as const;
export const NO_WORDS = ['no', 'n', 'false', '0'] as const;
export const LAYOUT_FIELD_DEFAULTS = { is_scorable: false, is_enabled: true } as const;

export const DATA_INPUT_MESSAGES = {
  // the spec's texts (sections 5 and 8), word for word (the trailing space is the spec's)
  uploaded: 'Excel Uploaded Successfully ',
  xlsxOnly: 'Please select the file with xlsx format only',
  caseLoaded: 'Case Details loaded successfully — check it out!',
  caseNotLoaded: 'Case Details not loaded — Please try another case_number!',
  // texts the spec does not give
  fileMissing: 'Please select the file to upload (form field file).',
  fileTooLarge: `The file must be at most ${L.maxUploadBytes / 1024 / 1024} MB.`,
  unreadable: 'The file could not be read as an Excel workbook or a CSV file.',
  noRows: 'The file has no fields: fill in the Layout sheet under its header row.',
  missingColumn: (column: string) => `The header row must have the column '${column}'.`,
  simMismatch: 'The sim_id field does not match the sim of the address.',
  layoutType: "The layout type must be 'case' or 'account'.",
  duplicateLayoutType: 'Send each layout type (case, account) at most once.',
  row: (row: number, reason: string) => `Row ${row}: ${reason}`,
  at: (type: string, tab: string, section: string, field: string, reason: string) =>
    `The ${type} layout, tab '${tab}', section '${section}', field '${field}': ${reason}`,
  inTab: (type: string, tab: string, reason: string) => `The ${type} layout, tab '${tab}': ${reason}`,
  inLayout: (type: string, reason: string) => `The ${type} layout: ${reason}`,
  // reasons (after "Row N: " or the place of the field)
  required: (column: string) => `the ${column} is empty.`,
  tooLong: (column: string, max: number) => `the ${column} is longer than ${max} characters.`,
  tooManyFields: `the layout has more than ${L.maxFields} fields.`,
  tooManyTabs: `the layout has more than ${L.maxTabs} tabs.`,
  tooManySections: (tab: string) => `the tab '${tab}' has more than ${L.maxSectionsPerTab} sections.`,
  tabDuplicate: (tab: string) => `the tab '${tab}' is listed twice.`,
  sectionDuplicate: (section: string) => `the section '${section}' is listed twice in the tab.`,
  attributeInvalid: (name: string) =>
    `the Attribute Name '${name}' may hold only letters, digits and _, and must start with a letter or _.`,
  attributeDuplicate: (name: string, where: string) => `the Attribute Name '${name}' is already used ${where}.`,
  unknownType: (value: string) => `the Type '${value}' is not one of ${LAYOUT_FIELD_TYPES.join(', ')}.`,
  optionsRequired: (type: string) => `a ${type} field needs at least one option (Options, separated by ;).`,
  optionsNotAllowed: (type: string) =>
    `a ${type} field takes no options: options are for ${LAYOUT_OPTION_TYPES.join(' and ')} fields.`,
  tooManyOptions: `the field has more than ${L.maxOptions} options.`,
  optionTooLong: `an option is longer than ${L.optionMax} characters.`,
  optionDuplicate: (option: string) => `the option '${option}' is listed twice.`,
  valueNotAnOption: (value: string) => `the Default Value '${value}' is not one of the Options.`,
  valueNotNumber: (value: string) => `the Default Value '${value}' of a number field is not a number.`,
  valueNotDate: (value: string) => `the Default Value '${value}' of a date field is not a date (YYYY-MM-DD).`,
  valueNotCheckbox: (value: string) => `the Default Value '${value}' of a checkbox field must be Yes or No.`,
  yesNo: (column: string, value: string) => `the ${column} must be Yes or No, not '${value}'.`,
  // the case service
  caseNumberRequired: 'Please enter a case number.',
  caseNumberNumeric: 'The case number must be a whole number.',
} as const;

/** The attribute name rule: letters, digits and _, starting with a letter or _. */
export const ATTRIBUTE_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** The attribute name made from a field title when the Attribute Name is left empty ('Case Number' → 'case_number'). */
export function attributeNameOf(fieldTitle: string): string {
  const base = fieldTitle
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, L.attributeNameMax);
  return /^[0-9]/.test(base) ? `_${base}`.slice(0, L.attributeNameMax) : base;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}
export const isNumberText = (value: string) => /^-?\d+(\.\d+)?$/.test(value);

/** Yes/No text → boolean; undefined for a blank; null when it is neither. */
export function yesNoOf(value: string): boolean | undefined | null {
  const v = value.trim().toLowerCase();
  if (v === '') return undefined;
  if ((YES_WORDS as readonly string[]).includes(v)) return true;
  if ((NO_WORDS as readonly string[]).includes(v)) return false;
  return null;
}

/** The parts of a layout field the rules look at. */
export interface LayoutFieldInput {
  field_title: string;
  attribute_name: string;
  type: string;
  options: readonly string[];
  value: string;
}

/**
 * The first problem of one layout field (the reason only, for "Row N: " or the field's place), or null.
 * Used by the upload and by the save, so a layout saved from the screen follows the template's rules.
 */
export function layoutFieldProblem(f: LayoutFieldInput): string | null {
  const M = DATA_INPUT_MESSAGES;
  if (!f.field_title) return M.required('Field Title');
  if (f.field_title.length > L.fieldTitleMax) return M.tooLong('Field Title', L.fieldTitleMax);
  if (!f.attribute_name) return M.required('Attribute Name');
  if (f.attribute_name.length > L.attributeNameMax) return M.tooLong('Attribute Name', L.attributeNameMax);
  if (!ATTRIBUTE_NAME_PATTERN.test(f.attribute_name)) return M.attributeInvalid(f.attribute_name);
  const type = LAYOUT_FIELD_TYPES.find((t) => t === f.type);
  if (!type) return M.unknownType(f.type);
  const withOptions = LAYOUT_OPTION_TYPES.includes(type);
  if (withOptions && f.options.length === 0) return M.optionsRequired(type);
  if (!withOptions && f.options.length > 0) return M.optionsNotAllowed(type);
  if (f.options.length > L.maxOptions) return M.tooManyOptions;
  const seen = new Set<string>();
  for (const option of f.options) {
    if (!option) return M.required('option');
    if (option.length > L.optionMax) return M.optionTooLong;
    if (seen.has(option.toLowerCase())) return M.optionDuplicate(option);
    seen.add(option.toLowerCase());
  }
  if (f.value.length > L.valueMax) return M.tooLong('Default Value', L.valueMax);
  if (f.value === '') return null;
  if (withOptions && !f.options.includes(f.value)) return M.valueNotAnOption(f.value);
  if (type === 'number' && !isNumberText(f.value)) return M.valueNotNumber(f.value);
  if (type === 'date' && !isIsoDate(f.value)) return M.valueNotDate(f.value);
  if (type === 'checkbox' && f.value !== 'true' && f.value !== 'false') return M.valueNotCheckbox(f.value);
  return null;
}

/** A layout as the case panel places its fields (the parts the rules below read). */
export interface CaseLayoutInput {
  type: string;
  tabs: readonly {
    tab_name: string;
    sections: readonly {
      section_name: string;
      fields: readonly (Pick<LayoutFieldInput, 'field_title' | 'attribute_name' | 'type' | 'value'> & {
        is_scorable: boolean;
        is_enabled: boolean;
      })[];
    }[];
  }[];
}

/** The field types whose value is chosen (data selection); the others are typed (typing accuracy). */
export const CASE_SELECTION_TYPES: readonly string[] = ['picklist', 'select', 'checkbox', 'radio'];

/** A field's key on the case panel: its layout type, tab, section and attribute name (its title without one). */
export function caseFieldKey(
  type: string,
  tab: string,
  section: string,
  field: { attribute_name: string; field_title: string },
): string {
  return `${type}|${tab}|${section}|${field.attribute_name || field.field_title}`;
}

/** One field of the case panel as save-take-sim-input-details keeps it, without the learner's value. */
export interface CaseFieldTarget {
  field_id: string;
  field_title: string;
  kind: 'typing' | 'selection';
  /** a scored field's authored value (what the learner should enter); null for a field not scored */
  target_value: string | null;
}

/**
 * The fields of the case panel the learner fills in, with their targets, from the sim's layouts (issue 30:
 * the server scores the values against these, never against targets the client sends): every enabled field
 * in layout order, its id (its key, cut to 100 characters, as the take screen sends it), title, kind and target.
 */
export function caseFieldTargets(layouts: readonly CaseLayoutInput[]): CaseFieldTarget[] {
  return layouts.flatMap((layout) =>
    layout.tabs.flatMap((tab) =>
      tab.sections.flatMap((section) =>
        section.fields
          .filter((field) => field.is_enabled)
          .map((field) => ({
            field_id: caseFieldKey(layout.type, tab.tab_name, section.section_name, field).slice(0, 100),
            field_title: field.field_title.slice(0, 255),
            kind: CASE_SELECTION_TYPES.includes(field.type) ? ('selection' as const) : ('typing' as const),
            target_value: field.is_scorable ? field.value.slice(0, 5000) : null,
          })),
      ),
    ),
  );
}
