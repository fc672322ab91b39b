import { AUTHORING_LIMITS, CHARACTER_TYPES, EXCEL_LEVELS } from '@sim/shared';
import ExcelJS from 'exceljs';
import { EMPTY_SHEETS, type LevelSheets, type SheetCells } from './level-sheet';

const LEVEL_WIDTHS = [24, 16, 70, 40, 40, 11, 18, 17, 13, 22, 40];
const TEST_WIDTHS = [24, 8, 30, 12, 40, 40, 13];
const SETTING_WIDTHS = [24, ...Array.from({ length: EXCEL_LEVELS.settingColumns.length - 1 }, () => 15)];
const YES_NO = `${EXCEL_LEVELS.yes} or ${EXCEL_LEVELS.no}`;

/** What each column of the Levels sheet holds; the Instructions sheet of the template (DECISIONS.md section 3). */
const COLUMN_HELP: [string, string, string][] = [
  [
    'Level Name',
    'Yes',
    `The level the script belongs to. Rows with the same Level Name make one level, in the order the names first appear; the scripts keep the order of the rows. At most ${AUTHORING_LIMITS.levelNameMax} characters; each level of a sim has its own name.`,
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
  ['Hide Text', 'No', `${YES_NO}: the line's text is hidden from the learner. Empty: No.`],
  ['Real-time Feedback', 'No', `${YES_NO}: the learner sees the missed keywords after the line. Empty: as the level.`],
  ['Natural Language', 'No', `${YES_NO}: the line is graded by its tests. Empty: as the sim.`],
  [
    'Confidence %',
    'No',
    `The score the line needs to pass, a whole number from 0 to 100. Empty: ${AUTHORING_LIMITS.defaultOverallConfidence}.`,
  ],
  [
    'Auto-populate After (s)',
    'No',
    `Seconds after which the line's case fields fill themselves, 0 to ${AUTHORING_LIMITS.autopopulateTimerMaxSeconds}.`,
  ],
  ['Auto-populate Fields', 'No', 'The case fields to fill, as the builder exports them (JSON). Leave as exported.'],
];

const SHEET_HELP = [
  `${EXCEL_LEVELS.testsSheet} sheet (optional): one row per test. Line is the number of the line within its level, counting that level's rows on the Levels sheet from 1. Phrasing is ${EXCEL_LEVELS.phrasing.flexible} or ${EXCEL_LEVELS.phrasing.strict}; Keywords as above; Confidence % from 0 to 100.`,
  `${EXCEL_LEVELS.settingsSheet} sheet (optional): one row per level with its options, each ${YES_NO}. A level without a row keeps the defaults.`,
  'A .csv file holds the Levels sheet only.',
];

const LIMITS_HELP = [
  `At most ${AUTHORING_LIMITS.maxLevels} levels per sim (a hiring sim has one), counting the levels the sim already has: the imported levels are added after them.`,
  `At most ${AUTHORING_LIMITS.maxScriptsPerLevel} scripts per level.`,
  'Keep the header rows of the sheets as they are. Empty rows are skipped.',
  'Upload the file as .xlsx (this template) or as .csv with the same header row; at most 5 MB.',
  'A level exported from the builder (Export) has the same sheets and imports back to the same level, audio aside: the builder offers to generate it.',
];

function addSheet(
  workbook: ExcelJS.Workbook,
  name: string,
  columns: readonly string[],
  widths: readonly number[],
  rows: readonly SheetCells[],
) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow([...columns]).font = { bold: true };
  columns.forEach((_, i) => {
    sheet.getColumn(i + 1).width = widths[i] ?? 15;
  });
  for (const r of rows) sheet.addRow(r);
}

/** A workbook with the Levels, Tests and Level Settings sheets, each with its header row and the given rows. */
export function levelsWorkbook(content: LevelSheets = EMPTY_SHEETS): ExcelJS.Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'SimCentre';
  addSheet(workbook, EXCEL_LEVELS.sheet, EXCEL_LEVELS.columns, LEVEL_WIDTHS, content.levels);
  addSheet(workbook, EXCEL_LEVELS.testsSheet, EXCEL_LEVELS.testColumns, TEST_WIDTHS, content.tests);
  addSheet(workbook, EXCEL_LEVELS.settingsSheet, EXCEL_LEVELS.settingColumns, SETTING_WIDTHS, content.settings);
  return workbook;
}

/** The import template: the Levels sheet (the header row only) and the Instructions sheet. */
export async function templateFile(): Promise<Buffer> {
  const workbook = levelsWorkbook();
  const help = workbook.addWorksheet(EXCEL_LEVELS.instructionsSheet);
  help.addRow(['Column', 'Required', 'What to enter']).font = { bold: true };
  for (const line of COLUMN_HELP) help.addRow(line);
  help.addRow([]);
  for (const line of SHEET_HELP) help.addRow([line]);
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
