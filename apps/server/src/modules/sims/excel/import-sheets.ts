import {
  type CharacterType,
  EXCEL_LEVELS,
  EXCEL_MESSAGES,
  levelNameKey,
  STRICT_TEST_CONFIDENCE,
  type TAutopopulateTarget,
  type TTest,
  ZTest,
} from '@sim/shared';
import { Invalid } from '../../../lib/errors';
import type { SheetRow } from './cell-text';
import { cellOf, columnIndex, type Fail, percent, yesNo } from './import-cells';

const M = EXCEL_MESSAGES;

export interface ImportedScript {
  row: number;
  characterType: CharacterType;
  script: string;
  keywords: string[];
  hintText: string;
  hideText?: boolean;
  realTimeFeedback?: boolean;
  naturalLenguage?: boolean;
  overalConfidence?: number;
  autopopulateTimer?: number;
  autopopulateData?: TAutopopulateTarget[];
  tests: TTest[];
}

/** The level options of the Level Settings sheet, as the level's columns; left out, the defaults apply. */
export interface LevelFlags {
  keywordScore?: boolean;
  hintText?: boolean;
  realTimeFeedback?: boolean;
  sendToSnowfly?: boolean;
  screenRecording?: boolean;
  onlyKeywords?: boolean;
  removeCoach?: boolean;
  convertAgent?: boolean;
  removeAgent?: boolean;
  autoPopulate?: boolean;
  simGenerated?: boolean;
}

export interface ImportedLevel {
  name: string;
  scripts: ImportedScript[];
  flags: LevelFlags;
}

type SettingColumn = (typeof EXCEL_LEVELS.settingColumns)[number];
const FLAG_OF: Record<Exclude<SettingColumn, 'Level Name'>, keyof LevelFlags> = {
  'Keyword Score': 'keywordScore',
  'Hint Text': 'hintText',
  'Real-time Feedback': 'realTimeFeedback',
  'Send to Voice Service': 'sendToSnowfly',
  'Screen Recording': 'screenRecording',
  'Only Keywords': 'onlyKeywords',
  'Remove Coach': 'removeCoach',
  'Convert Agent': 'convertAgent',
  'Remove Agent': 'removeAgent',
  'Auto-populate': 'autoPopulate',
  'SIM Generated': 'simGenerated',
};

/** The sheet's rows under its header, skipping empty ones, each with the refusal naming sheet and row. */
function bodyRows(sheet: string, rows: readonly SheetRow[]) {
  const [header, ...body] = rows;
  return {
    header,
    body: body
      .filter(({ cells }) => cells.some((c) => c.trim() !== ''))
      .map(({ row, cells }) => ({
        cells,
        fail: ((reason) => Invalid(M.sheetRow(sheet, row, reason), 'file')) as Fail,
      })),
  };
}

function levelNamed(levels: ReadonlyMap<string, ImportedLevel>, name: string, fail: Fail): ImportedLevel {
  const level = levels.get(levelNameKey(name));
  if (!level) throw fail(M.unknownLevel(name.trim()));
  return level;
}

/** The Tests sheet: each test goes to its line (Level Name and Line, from 1), checked as the Tests dialog does. */
export function attachTests(rows: readonly SheetRow[], levels: ReadonlyMap<string, ImportedLevel>): void {
  const { header, body } = bodyRows(EXCEL_LEVELS.testsSheet, rows);
  if (!header) return;
  const index = columnIndex(header, EXCEL_LEVELS.testColumns);
  for (const { cells, fail } of body) {
    const at = cellOf(cells, index);
    const level = levelNamed(levels, at('Level Name'), fail);
    const line = Number(at('Line').trim());
    const script = Number.isInteger(line) ? level.scripts[line - 1] : undefined;
    if (!script) throw fail(M.unknownLine(level.name, at('Line').trim()));
    const phrasing = at('Phrasing').trim().toLowerCase();
    if (phrasing !== '' && !(phrasing in EXCEL_LEVELS.phrasing)) throw fail(M.phrasing(at('Phrasing').trim()));
    const isFlexible = phrasing !== 'strict';
    const confidence = percent(at('Confidence %'), 'Confidence %', fail);
    const coach = at('Coach Intention').trim();
    const test = ZTest.safeParse({
      name: at('Test Name'),
      isFlexible,
      keywords: at('Keywords')
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k !== ''),
      ...(coach ? { coachFeedback: coach } : {}),
      // as written; left empty, a strict test needs every keyword (as the Tests dialog saves it)
      confidence: confidence ?? (isFlexible ? undefined : STRICT_TEST_CONFIDENCE),
    });
    if (!test.success) throw fail(M.test(test.error.issues[0]?.message ?? ''));
    script.tests.push(test.data);
  }
}

/** The Level Settings sheet: the options of each level, Yes or No; an empty cell keeps the default. */
export function applySettings(rows: readonly SheetRow[], levels: ReadonlyMap<string, ImportedLevel>): void {
  const { header, body } = bodyRows(EXCEL_LEVELS.settingsSheet, rows);
  if (!header) return;
  const index = columnIndex(header, EXCEL_LEVELS.settingColumns);
  for (const { cells, fail } of body) {
    const at = cellOf(cells, index);
    const level = levelNamed(levels, at('Level Name'), fail);
    for (const [column, flag] of Object.entries(FLAG_OF) as [SettingColumn, keyof LevelFlags][]) {
      const value = yesNo(at(column), column, fail);
      if (value !== undefined) level.flags[flag] = value;
    }
  }
}
