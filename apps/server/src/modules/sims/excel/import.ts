import {
  AUTHORING_LIMITS,
  CHARACTER_TYPES,
  type CharacterType,
  EXCEL_LEVELS,
  EXCEL_MESSAGES,
  parseKeywordList,
  type TLevel,
} from '@sim/shared';
import type { AppDeps } from '../../../deps';
import type { Actor } from '../../../lib/actor';
import { AppError, Invalid } from '../../../lib/errors';
import { hasForbiddenText } from '../../../plugins/input-rules';
import { countLevels } from '../levels/repository';
import { createLevel } from '../levels/service';
import { insertScripts } from '../scripts/repository';
import { activeSimOf, editSim } from '../shared/access';
import { toLevel } from '../shared/shape';
import { charactersOf } from '../sims/characters-repository';
import { loadWorkbook, type SheetRow, worksheetRows } from './cell-text';
import { parseCsv } from './csv';

const M = EXCEL_MESSAGES;

export interface ImportedScript {
  row: number;
  characterType: CharacterType;
  script: string;
  keywords: string[];
  hintText: string;
}

export interface ImportedLevel {
  name: string;
  scripts: ImportedScript[];
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

/** The rows of the 'Levels' sheet (else the first sheet) of a workbook, measured before it is unpacked. */
export async function readXlsx(data: Buffer): Promise<SheetRow[]> {
  const workbook = await loadWorkbook(data, () => Invalid(M.unreadable, 'file'));
  const sheet = workbook.getWorksheet(EXCEL_LEVELS.sheet) ?? workbook.worksheets[0];
  if (!sheet) throw Invalid(M.noRows, 'file');
  return assertCleanRows(worksheetRows(sheet, EXCEL_LEVELS.columns.length));
}

/** The rows of an uploaded CSV file (UTF-8), as the sheet of a workbook would give them. */
export const readCsv = (data: Buffer, unreadable = () => Invalid(M.unreadable, 'file')): SheetRow[] =>
  assertCleanRows(parseCsv(data.toString('utf8'), unreadable));

const headerKey = (text: string) => text.split('(')[0].trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Validates every row and groups the scripts by Level Name in the order the names first appear. The first
 * error answers 400 naming its row; nothing is written then.
 */
export function levelsFromRows(rows: readonly SheetRow[]): ImportedLevel[] {
  const [header, ...body] = rows;
  if (!header) throw Invalid(M.noRows, 'file');
  const keys = header.cells.map(headerKey);
  const index = Object.fromEntries(EXCEL_LEVELS.columns.map((c) => [c, keys.indexOf(headerKey(c))])) as Record<
    (typeof EXCEL_LEVELS.columns)[number],
    number
  >;
  for (const column of ['Level Name', 'Character Type', 'Script'] as const)
    if (index[column] < 0) throw Invalid(M.missingColumn(column), 'file');

  const levels = new Map<string, ImportedLevel>();
  for (const { row, cells } of body) {
    const at = (column: keyof typeof index) => (index[column] < 0 ? '' : (cells[index[column]] ?? ''));
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

    const key = name.toLowerCase();
    const level = levels.get(key) ?? { name, scripts: [] };
    levels.set(key, level);
    if (level.scripts.length >= AUTHORING_LIMITS.maxScriptsPerLevel) throw fail(M.tooManyScripts(level.name));
    level.scripts.push({ row, characterType, script, keywords: keywords.keywords, hintText });
  }
  if (levels.size === 0) throw Invalid(M.noRows, 'file');
  return [...levels.values()];
}

/** The levels of an uploaded .xlsx or .csv file, validated. */
export async function levelsFromFile(filename: string, data: Buffer): Promise<ImportedLevel[]> {
  const kind = fileKind(filename, data);
  const rows = kind === 'xlsx' ? await readXlsx(data) : readCsv(data);
  return levelsFromRows(rows);
}

/**
 * Adds the imported levels after the sim's levels, with their scripts (numbered from 1), in one
 * transaction on the locked sim. More than 5 levels in all answers 400 'More than 5 levels are not
 * allowed for a sim.' (the client shows that alert on a 400); nothing is written then.
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
    const existing = await countLevels(tx, simId);
    if (existing + imported.length > AUTHORING_LIMITS.maxLevels) throw Invalid(M.maxLevels);
    const characters = new Map((await charactersOf(tx, simId)).map((c) => [c.type, c.id]));
    const now = deps.now();
    const made: TLevel[] = [];
    for (const [i, level] of imported.entries()) {
      const row = await createLevel(tx, now, { simId, name: level.name, keywordScore: existing + i === 0 });
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
            realTimeFeedback: row.realTimeFeedback,
            naturalLenguage: sim.naturalLenguage,
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
