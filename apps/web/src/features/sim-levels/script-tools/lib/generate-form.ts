import {
  AUTHORING_LIMITS,
  GENERATE_FLAGS,
  GENERATED_LEVEL_DEFAULTS,
  GENERATED_LEVEL_NAMES,
  type GeneratedLevelName,
  type GenerateSettings,
  type TGenerateLevelSettings,
} from '@sim/shared';

/** One generated level in the Generate Sim dialog: whether to make it, and its transforms. */
export interface GenerateRow extends GenerateSettings {
  name: GeneratedLevelName;
  include: boolean;
}

/** The four levels with the spec's transforms (authoring.md section 4; DECISIONS.md section 3), all chosen. */
export function initialRows(): GenerateRow[] {
  return GENERATED_LEVEL_NAMES.map((name) => ({ name, include: true, ...GENERATED_LEVEL_DEFAULTS[name] }));
}

/** The number of levels the sim would have after generating. */
export function levelsAfter(existing: number, rows: readonly GenerateRow[]): number {
  return existing + rows.filter((r) => r.include).length;
}

export function tooManyLevels(existing: number, rows: readonly GenerateRow[]): boolean {
  return levelsAfter(existing, rows) > AUTHORING_LIMITS.maxLevels;
}

/** The levelId list of POST generate-sim: each chosen level with every flag. */
export function generateSettings(rows: readonly GenerateRow[]): TGenerateLevelSettings[] {
  return rows
    .filter((r) => r.include)
    .map((r) => ({ name: r.name, ...Object.fromEntries(GENERATE_FLAGS.map((f) => [f, r[f]])) }));
}
