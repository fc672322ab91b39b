/**
 * The rules every way of making or naming a level follows (add, rename, a dropped line, Generate Sim, the
 * Excel import), on the server and in the builder: a hiring sim has one level (authoring.md sections 1 and
 * 9), and the levels of a sim have different names.
 */
import { AUTHORING_LIMITS } from './authoring';

/** The most levels a sim of this kind may have: hiring 1, training 5. */
export const maxLevelsOf = (simType: string | null | undefined): number =>
  simType === 'hiring' ? 1 : AUTHORING_LIMITS.maxLevels;

/** Two level names are the same when they match ignoring case and spacing. */
export const levelNameKey = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** The first of `names` that an existing level (other than `exceptId`) already has, or null. */
export function takenLevelName(
  names: readonly string[],
  levels: readonly { _id?: string; id?: string; name: string }[],
  exceptId?: string,
): string | null {
  const taken = new Set(levels.filter((l) => (l._id ?? l.id) !== exceptId).map((l) => levelNameKey(l.name)));
  return names.find((n) => taken.has(levelNameKey(n))) ?? null;
}

export const LEVEL_RULE_MESSAGES = {
  /** a second level of a hiring sim (400) */
  hiringOneLevel: 'A hiring sim has one level: it cannot have another.',
  /** the tooltip of + ADD A LEVEL, GENERATE SIM and Import of a hiring sim */
  hiringOneLevelHint: 'A hiring sim has one level.',
  /** Basic Information: a sim with several levels cannot become a hiring sim (400) */
  hiringHasLevels: (levels: number) =>
    `A hiring sim has one level, and this sim has ${levels}. Delete the other levels before choosing the Hiring SIM product.`,
  /** add, rename, Generate Sim and the import (409) */
  /** Generate Sim: a fixed name the sim already has is not offered */
  nameTaken: 'The sim already has a level of this name.',
  duplicateLevelName: (name: string) =>
    `The sim already has a level named '${name}'. Give each level a different name.`,
} as const;
