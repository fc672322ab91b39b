import {
  AUTHORING_LIMITS,
  GENERATE_FLAGS,
  GENERATED_LEVEL_DEFAULTS,
  GENERATED_LEVEL_NAMES,
  type GeneratedLevelName,
  type GenerateSettings,
  type TGenerateLevelSettings,
  takenLevelName,
} from '@sim/shared';

/** One generated level in the Generate Sim dialog: whether to make it, and its transforms. */
export interface GenerateRow extends GenerateSettings {
  name: GeneratedLevelName;
  include: boolean;
  /** the sim already has a level of this name: not offered (levels have different names) */
  taken: boolean;
}

/**
 * The four levels with the spec's transforms (authoring.md section 4; DECISIONS.md section 3), all chosen
 * but those whose name a level of the sim already has.
 */
export function initialRows(levels: readonly { name: string }[] = []): GenerateRow[] {
  return GENERATED_LEVEL_NAMES.map((name) => {
    const taken = takenLevelName([name], levels) !== null;
    return { name, include: !taken, taken, ...GENERATED_LEVEL_DEFAULTS[name] };
  });
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
