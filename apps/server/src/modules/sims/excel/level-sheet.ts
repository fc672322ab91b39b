import { EXCEL_LEVELS } from '@sim/shared';
import type { ScriptWithCharacter } from '../scripts/repository';
import type { LevelRow } from '../shared/shape';

/** A row of a sheet as written: text, or a number where the column holds one. */
export type SheetCells = (string | number)[];

/** What a levels workbook holds besides its Instructions: the Levels, Tests and Level Settings rows. */
export interface LevelSheets {
  levels: SheetCells[];
  tests: SheetCells[];
  settings: SheetCells[];
}

export const EMPTY_SHEETS: LevelSheets = { levels: [], tests: [], settings: [] };

const yesNo = (value: boolean) => (value ? EXCEL_LEVELS.yes : EXCEL_LEVELS.no);

/**
 * A level as the rows of the three sheets, in the columns of EXCEL_LEVELS (so that the export imports
 * back to the same level): one Levels row per line, in order, with everything the line carries but its
 * audio; one Tests row per test of a line (the line numbered from 1 within the level); one Level Settings
 * row with the level's options.
 */
export function levelSheets(level: LevelRow, scripts: readonly ScriptWithCharacter[]): LevelSheets {
  return {
    levels: scripts.map(({ script, character }) => [
      level.name,
      character?.type ?? '',
      script.script,
      script.keywords.join(', '),
      script.hintText,
      yesNo(script.hideText),
      yesNo(script.realTimeFeedback),
      yesNo(script.naturalLenguage),
      script.overalConfidence,
      script.autopopulateTimer ?? '',
      script.autopopulateData?.length ? JSON.stringify(script.autopopulateData) : '',
    ]),
    tests: scripts.flatMap(({ script }, index) =>
      script.tests.map((test) => [
        level.name,
        index + 1,
        test.name,
        test.isFlexible ? EXCEL_LEVELS.phrasing.flexible : EXCEL_LEVELS.phrasing.strict,
        test.coachFeedback ?? '',
        test.keywords.join(', '),
        test.confidence,
      ]),
    ),
    settings: [
      [
        level.name,
        yesNo(level.keywordScore),
        yesNo(level.hintText),
        yesNo(level.realTimeFeedback),
        yesNo(level.sendToSnowfly),
        yesNo(level.screenRecording),
        yesNo(level.onlyKeywords),
        yesNo(level.removeCoach),
        yesNo(level.convertAgent),
        yesNo(level.removeAgent),
        yesNo(level.autoPopulate),
        yesNo(level.simGenerated),
      ],
    ],
  };
}
