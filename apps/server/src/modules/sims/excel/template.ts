import { AUTHORING_LIMITS, CHARACTER_TYPES, EXCEL_LEVELS } from '@sim/shared';
import ExcelJS from 'exceljs';

/** One row of the Levels sheet: the same five columns in the template, the import and the export. */
export interface LevelSheetRow {
  levelName: string;
  characterType: string;
  script: string;
  keywords: string;
  hintText: string;
}

const COLUMN_WIDTHS = [24, 18, 70, 40, 40];

/** What each column holds; the Instructions sheet of the template (DECISIONS.md section 3). */
const COLUMN_HELP: [string, string, string][] = [
  [
    'Level Name',
    'Yes',
    `The level the script belongs to. Rows with the same Level Name make one level, in the order the names first appear; the scripts keep the order of the rows. At most ${AUTHORING_LIMITS.levelNameMax} characters.`,
  ],
  ['Character Type', 'Yes', `Who speaks the line: one of ${CHARACTER_TYPES.join(', ')}.`],
  ['Script', 'Yes', `The line itself. At most ${AUTHORING_LIMITS.scriptMax} characters.`],
  [
    'Keywords',
    'No',
    'The keywords graded in the line, separated by commas. A keyword may use one operator kind: & (all parts must be said) or | (any one alternative), e.g. "Monday | Tuesday, schedule & appointment". Not both in one keyword.',
  ],
  [
    'Hint Text',
    'No',
    `The hint the learner may see instead of the line. At most ${AUTHORING_LIMITS.hintTextMax} characters.`,
  ],
];

const LIMITS_HELP = [
  `At most ${AUTHORING_LIMITS.maxLevels} levels per sim, counting the levels the sim already has: the imported levels are added after them.`,
  `At most ${AUTHORING_LIMITS.maxScriptsPerLevel} scripts per level.`,
  'Keep the header row of the Levels sheet as it is. Empty rows are skipped.',
  'Upload the file as .xlsx (this template) or as .csv with the same header row; at most 5 MB.',
  'A level exported from the builder (Export to Excel) has the same columns and can be imported into another sim.',
];

/** A workbook with a 'Levels' sheet holding the header row and the given rows. */
export function levelsWorkbook(rows: readonly LevelSheetRow[] = []): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'SimCentre';
  const sheet = workbook.addWorksheet(EXCEL_LEVELS.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow([...EXCEL_LEVELS.columns]).font = { bold: true };
  EXCEL_LEVELS.columns.forEach((_, i) => {
    sheet.getColumn(i + 1).width = COLUMN_WIDTHS[i];
  });
  for (const r of rows) sheet.addRow([r.levelName, r.characterType, r.script, r.keywords, r.hintText]);
  return workbook;
}

/** The import template: the Levels sheet (the header row only) and the Instructions sheet. */
export async function templateFile(): Promise<Buffer> {
  const workbook = levelsWorkbook();
  const help = workbook.addWorksheet(EXCEL_LEVELS.instructionsSheet);
  help.addRow(['Column', 'Required', 'What to enter']).font = { bold: true };
  for (const line of COLUMN_HELP) help.addRow(line);
  help.addRow([]);
  help.addRow(['Limits and rules']).font = { bold: true };
  for (const line of LIMITS_HELP) help.addRow([line]);
  help.addRow([]);
  help.addRow(['Example (Levels sheet)']).font = { bold: true };
  help.addRow([...EXCEL_LEVELS.columns]).font = { italic: true };
  help.addRow(['Watch and Learn', 'customer', 'Hello, I need to see a cardiologist.', '', '']);
  help.addRow([
    'Watch and Learn',
    'agent',
    'I can schedule your appointment on Monday morning.',
    'schedule, Monday | Tuesday',
    'Offer a Monday slot',
  ]);
  help.getColumn(1).width = 24;
  help.getColumn(2).width = 12;
  help.getColumn(3).width = 110;
  help.getColumn(3).alignment = { wrapText: true, vertical: 'top' };
  return toBuffer(workbook);
}

export async function toBuffer(workbook: ExcelJS.Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
