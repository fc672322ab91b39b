import {
  DATA_INPUT_LIMITS as L,
  LAYOUT_FIELD_DEFAULTS,
  LAYOUT_FIELD_TYPES,
  LAYOUT_OPTION_TYPES,
  LAYOUT_TEMPLATE,
  NO_WORDS,
  YES_WORDS,
} from '@sim/shared';
import ExcelJS from 'exceljs';
import { toBuffer } from '../excel/template';
import { EXAMPLE_LAYOUT_ROWS } from './example';

const yesNo = (fallback: boolean) =>
  `Yes or No (also ${[...YES_WORDS.slice(1), ...NO_WORDS.slice(1)].join(', ')}); blank means ${fallback ? 'Yes' : 'No'}.`;

/** What each column holds, in the template's column order (DECISIONS.md section 3: documented in the template). */
const COLUMN_HELP: [string, string, string][] = [
  [
    LAYOUT_TEMPLATE.columns[0],
    'Yes',
    `The tab of the case screen the field is shown on. Rows with the same Tab make one tab, in the order the names first appear (names compare without regard to case). At most ${L.maxTabs} tabs, ${L.tabNameMax} characters each.`,
  ],
  [
    LAYOUT_TEMPLATE.columns[1],
    'Yes',
    `The section of the tab, e.g. Case Information, Additional Information, Description Information, Web Information. Rows with the same Tab and Section make one section, in the order they first appear. At most ${L.maxSectionsPerTab} sections per tab, ${L.sectionNameMax} characters each.`,
  ],
  [LAYOUT_TEMPLATE.columns[2], 'Yes', `The label the learner sees. At most ${L.fieldTitleMax} characters.`],
  [
    LAYOUT_TEMPLATE.columns[3],
    'No',
    `The field's key: letters, digits and _, starting with a letter or _, at most ${L.attributeNameMax} characters, unique in the layout. Load Case Details fills the field with the case's value of this name, and auto-populate targets it. Blank: made from the Field Title (Case Number → case_number).`,
  ],
  [
    LAYOUT_TEMPLATE.columns[4],
    'No',
    `One of ${LAYOUT_FIELD_TYPES.join(', ')} (see the types below). Blank means text.`,
  ],
  [
    LAYOUT_TEMPLATE.columns[5],
    'For picklist and select',
    `The choices of a ${LAYOUT_OPTION_TYPES.join(' or ')} field, separated by ${LAYOUT_TEMPLATE.optionSeparator} (e.g. "New; Working; Closed"). At most ${L.maxOptions} options of ${L.optionMax} characters, no duplicates. Other types take no options.`,
  ],
  [
    LAYOUT_TEMPLATE.columns[6],
    'No',
    `The value the field starts with. It must fit the type: one of the Options for picklist and select, a number for number, a date as YYYY-MM-DD for date, Yes or No for checkbox. At most ${L.valueMax} characters.`,
  ],
  [
    LAYOUT_TEMPLATE.columns[7],
    'No',
    `Whether the learner's entry in this field is scored (data-selection and typing accuracy). ${yesNo(LAYOUT_FIELD_DEFAULTS.is_scorable)}`,
  ],
  [
    LAYOUT_TEMPLATE.columns[8],
    'No',
    `Whether the learner can edit the field (No shows it read-only). ${yesNo(LAYOUT_FIELD_DEFAULTS.is_enabled)}`,
  ],
];

const TYPE_HELP: Record<(typeof LAYOUT_FIELD_TYPES)[number], string> = {
  text: 'one line of text',
  textarea: 'several lines of text',
  picklist: 'a drop-down list of the Options (a CRM picklist)',
  select: 'a drop-down list of the Options',
  date: 'a date; write values as YYYY-MM-DD (date cells are read as dates)',
  number: 'a number, e.g. 42 or 3.5',
  checkbox: 'a tick box; its value is Yes or No',
};

const RULES_HELP = [
  'One row per field; the fields keep the order of the rows. Empty rows are skipped.',
  `At most ${L.maxFields} fields in a layout.`,
  'Keep the header row of the Layout sheet; the columns are found by their names (the text in brackets may go), in any order. Only Tab, Section and Field Title must be there.',
  'Upload the file in the Data Input step (Upload Excel) as the Case or the Account layout. A new upload replaces that layout of the sim.',
  `Upload it as .xlsx (this template; the sheet named ${LAYOUT_TEMPLATE.sheet} is read, otherwise the first sheet) or as .csv (comma-separated, UTF-8) with the same header row; at most ${L.maxUploadBytes / 1024 / 1024} MB.`,
  'A row with a problem stops the upload with a message naming the row; nothing is changed then.',
  `The example rows describe a case screen whose attribute names match the demo cases of Load Case Details: replace them with your own fields.`,
];

const WIDTHS = [18, 26, 22, 22, 12, 48, 16, 18, 17];

/** A workbook with the Layout sheet (header and the given rows) and the Instructions sheet. */
export function layoutTemplateWorkbook(rows = EXAMPLE_LAYOUT_ROWS): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'SimCentre';
  const sheet = workbook.addWorksheet(LAYOUT_TEMPLATE.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow([...LAYOUT_TEMPLATE.columns]).font = { bold: true };
  WIDTHS.forEach((width, i) => {
    sheet.getColumn(i + 1).width = width;
  });
  for (const row of rows) sheet.addRow([...row]);

  const help = workbook.addWorksheet(LAYOUT_TEMPLATE.instructionsSheet);
  help.addRow(['Column', 'Required', 'What to enter']).font = { bold: true };
  for (const line of COLUMN_HELP) help.addRow(line);
  help.addRow([]);
  help.addRow(['Type', '', 'What the field is']).font = { bold: true };
  for (const type of LAYOUT_FIELD_TYPES) help.addRow([type, '', TYPE_HELP[type]]);
  help.addRow([]);
  help.addRow(['Limits and rules']).font = { bold: true };
  for (const line of RULES_HELP) help.addRow([line]);
  help.getColumn(1).width = 26;
  help.getColumn(2).width = 22;
  help.getColumn(3).width = 110;
  help.getColumn(3).alignment = { wrapText: true, vertical: 'top' };
  return workbook;
}

/** The layout template file of GET /api/v1/sims/download-template?kind=layout. */
export function layoutTemplateFile(): Promise<Buffer> {
  return toBuffer(layoutTemplateWorkbook());
}
