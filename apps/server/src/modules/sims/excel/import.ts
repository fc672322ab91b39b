import {
  AUTHORING_LIMITS,
  CHARACTER_TYPES,
  EXCEL_LEVELS,
  EXCEL_MESSAGES,
  levelNameKey,
  parseKeywordList,
  type TLevel,
} from '@sim/shared';
import type { AppDeps } from '../../../deps';
import type { Actor } from '../../../lib/actor';
import { AppError, Invalid } from '../../../lib/errors';
import { hasForbiddenText } from '../../../plugins/input-rules';
import { assertLevelsFit, createLevel } from '../levels/service';
import { insertScripts } from '../scripts/repository';
import { activeSimOf, editSim } from '../shared/access';
import { toLevel } from '../shared/shape';
import { charactersOf } from '../sims/characters-repository';
import { loadWorkbook, type SheetRow, worksheetRows } from './cell-text';
import { parseCsv } from './csv';
import { autopopulateTargets, cellOf, columnIndex, percent, wholeNumber, yesNo } from './import-cells';
import { applySettings, attachTests, type ImportedLevel } from './import-sheets';

const M = EXCEL_MESSAGES;

export type { ImportedLevel, ImportedScript } from './import-sheets';

/** The rows of the three sheets of a levels workbook (a .csv file holds the Levels sheet only). */
export interface LevelRows {
  levels: SheetRow[];
  tests: SheetRow[];
  settings: SheetRow[];
}

/** The file is accepted by its extension and its content (an .xlsx is a zip: 'PK'); else 415. */
export function fileKind(filename: string, data: Buffer): 'xlsx' | 'csv' {
  const name = filename.toLowerCase();
  const zip = data.length >= 4 && data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04;
  if (name.endsWith('.xlsx') && zip) return 'xlsx';
  if (name.endsWith('.csv') && !zip && !data.includes(0)) return 'csv';
  throw new AppError('UNSUPPORTED_TYPE', M.xlsxOnly);
}

/**
 * The cells of a sheet follow the input rules of every request (plugins/input-rules.ts): a NUL character or
 * a lone surrogate (an XML character reference can carry one) answers 400 naming the row.
 */
export function assertCleanRows(rows: readonly SheetRow[]): SheetRow[] {
  for (const { row, cells } of rows)
    if (cells.some(hasForbiddenText))
      throw Invalid(
        M.row(row, 'a cell contains a character that is not allowed (a NUL character or an unpaired surrogate).'),
        'file',
      );
  return rows as SheetRow[];
}

/**
 * The rows of the 'Levels' sheet (else the first sheet), and of the Tests and Level Settings sheets when the
 * workbook has them, measured before it is unpacked.
 */
export async function readXlsx(data: Buffer): Promise<LevelRows> {
  const workbook = await loadWorkbook(data, () => Invalid(M.unreadable, 'file'));
  const sheet = workbook.getWorksheet(EXCEL_LEVELS.sheet) ?? workbook.worksheets[0];
  if (!sheet) throw Invalid(M.noRows, 'file');
  const rowsOf = (name: string, width: number) => {
    const named = workbook.getWorksheet(name);
    return named && named !== sheet ? assertCleanRows(worksheetRows(named, width)) : [];
  };
  return {
    levels: assertCleanRows(worksheetRows(sheet, EXCEL_LEVELS.columns.length)),
    tests: rowsOf(EXCEL_LEVELS.testsSheet, EXCEL_LEVELS.testColumns.length),
    settings: rowsOf(EXCEL_LEVELS.settingsSheet, EXCEL_LEVELS.settingColumns.length),
  };
}

/** The rows of an uploaded CSV file (UTF-8), as the sheet of a workbook would give them. */
export const readCsv = (data: Buffer, unreadable = () => Invalid(M.unreadable, 'file')): SheetRow[] =>
  assertCleanRows(parseCsv(data.toString('utf8'), unreadable));

/**
 * Validates every row of the Levels sheet and groups the scripts by Level Name in the order the names first
 * appear (then the Tests and Level Settings sheets add theirs). The first error answers 400 naming its row;
 * nothing is written then.
 */
export function levelsFromRows(sheets: LevelRows): ImportedLevel[] {
  const [header, ...body] = sheets.levels;
  if (!header) throw Invalid(M.noRows, 'file');
  const index = columnIndex(header, EXCEL_LEVELS.columns);
  for (const column of ['Level Name', 'Character Type', 'Script'] as const)
    if (index[column] < 0) throw Invalid(M.missingColumn(column), 'file');

  const levels = new Map<string, ImportedLevel>();
  for (const { row, cells } of body) {
    const at = cellOf(cells, index);
    if (cells.every((c) => c.trim() === '')) continue;
    const fail = (reason: string) => Invalid(M.row(row, reason), 'file');
    const name = at('Level Name').trim().replace(/\s+/g, ' ');
    if (!name) throw fail(M.levelNameRequired);
    if (name.length > AUTHORING_LIMITS.levelNameMax) throw fail(M.levelNameTooLong);
    const typeText = at('Character Type').trim();
    const characterType = CHARACTER_TYPES.find((t) => t === typeText.toLowerCase());
    if (!characterType) throw fail(M.unknownCharacterType(typeText));
    const script = at('Script').trim();
    if (!script) throw fail(M.scriptRequired);
    if (script.length > AUTHORING_LIMITS.scriptMax) throw fail(M.scriptTooLong);
    const hintText = at('Hint Text').trim();
    if (hintText.length > AUTHORING_LIMITS.hintTextMax) throw fail(M.hintTooLong);
    const keywords = parseKeywordList(at('Keywords'));
    if (!keywords.ok) throw fail(M.keywords(keywords.message));
    const timer = at('Auto-populate After (s)');

    const key = levelNameKey(name);
    const level = levels.get(key) ?? { name, scripts: [], flags: {} };
    levels.set(key, level);
    if (level.scripts.length >= AUTHORING_LIMITS.maxScriptsPerLevel) throw fail(M.tooManyScripts(level.name));
    level.scripts.push({
      row,
      characterType,
      script,
      keywords: keywords.keywords,
      hintText,
      hideText: yesNo(at('Hide Text'), 'Hide Text', fail),
      realTimeFeedback: yesNo(at('Real-time Feedback'), 'Real-time Feedback', fail),
      naturalLenguage: yesNo(at('Natural Language'), 'Natural Language', fail),
      overalConfidence: percent(at('Confidence %'), 'Confidence %', fail),
      autopopulateTimer: wholeNumber(
        timer,
        AUTHORING_LIMITS.autopopulateTimerMaxSeconds,
        M.seconds(timer.trim()),
        fail,
      ),
      autopopulateData: autopopulateTargets(at('Auto-populate Fields'), fail),
      tests: [],
    });
  }
  if (levels.size === 0) throw Invalid(M.noRows, 'file');
  attachTests(sheets.tests, levels);
  applySettings(sheets.settings, levels);
  return [...levels.values()];
}

/** The levels of an uploaded .xlsx or .csv file, validated. */
export async function levelsFromFile(filename: string, data: Buffer): Promise<ImportedLevel[]> {
  const kind = fileKind(filename, data);
  const rows = kind === 'xlsx' ? await readXlsx(data) : { levels: readCsv(data), tests: [], settings: [] };
  return levelsFromRows(rows);
}

/**
 * Adds the imported levels after the sim's levels, with their scripts (numbered from 1), tests and options,
 * in one transaction on the locked sim, within the rules of assertLevelsFit: more than 5 levels in all
 * answers 400 'More than 5 levels are not allowed for a sim.' (the client shows that alert on a 400), a
 * hiring sim takes no second level (400), a name the sim already has answers 409; nothing is written then.
 */
export async function importLevels(
  deps: AppDeps,
  actor: Actor,
  simId: string,
  filename: string,
  data: Buffer,
): Promise<TLevel[]> {
  await activeSimOf(deps.db, actor, simId);
  const imported = await levelsFromFile(filename, data);
  return editSim(deps, actor, simId, async (tx, sim) => {
    const names = imported.map((l) => l.name);
    const existing = await assertLevelsFit(tx, sim, names, () => Invalid(M.maxLevels));
    const characters = new Map((await charactersOf(tx, simId)).map((c) => [c.type, c.id]));
    const now = deps.now();
    const made: TLevel[] = [];
    for (const [i, level] of imported.entries()) {
      const row = await createLevel(tx, now, sim, {
        name: level.name,
        keywordScore: existing + i === 0,
        // a level made by hand speaks the agent's lines unless its sheet says otherwise (DECISIONS.md section 3)
        convertAgent: true,
        ...level.flags,
      });
      await insertScripts(
        tx,
        level.scripts.map((s, index) => {
          const characterId = characters.get(s.characterType);
          if (!characterId) throw Invalid(M.row(s.row, M.noCharacter(s.characterType)), 'file');
          return {
            simId,
            simLevelId: row.id,
            simCharacterId: characterId,
            script: s.script,
            keywords: s.keywords,
            hintText: s.hintText,
            tests: s.tests,
            hideText: s.hideText ?? false,
            realTimeFeedback: s.realTimeFeedback ?? row.realTimeFeedback,
            naturalLenguage: s.naturalLenguage ?? sim.naturalLenguage,
            ...(s.overalConfidence === undefined ? {} : { overalConfidence: s.overalConfidence }),
            autopopulateTimer: s.autopopulateTimer ?? null,
            autopopulateData: s.autopopulateData ?? null,
            sortOrder: index + 1,
            createdAt: now,
            updatedAt: now,
          };
        }),
      );
      made.push(toLevel(row, level.scripts.length));
    }
    return made;
  });
}
