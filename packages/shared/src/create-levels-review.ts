/**
 * Texts of the Create Levels step added by the review of issue 15: the draft line, the summaries of a
 * script row, the import's follow-up and the pass-criteria badge and confirm. The spec's own texts are in
 * authoring.ts; the step's other labels in create-levels.ts.
 */
import { AUTHORING_LIMITS } from './authoring';

export const SCRIPT_DRAFT_TEXTS = {
  /** a dropped character's line, not stored until the author writes it */
  label: 'New line, not saved yet',
  placeholder: (character: string) => `What does ${character} say?`,
  hint: 'Write the line and press Save to add it; Cancel drops it.',
} as const;

export const SCRIPT_SUMMARY_TEXTS = {
  hint: 'Hint',
  hintOf: (hint: string) => `Hint: ${hint}`,
  autopopulate: 'Auto-populate',
  /** the chosen fields (3 titles, then '...') and the timer */
  autopopulateOf: (fields: string, seconds: number | null) =>
    seconds === null ? `Auto-populate: ${fields}` : `Auto-populate after ${seconds} s: ${fields}`,
  /** the keyword tooltip lists at most 20; the rest are counted */
  moreKeywords: (n: number) => `and ${n} more`,
  keywordTooltipMax: AUTHORING_LIMITS.keywordTooltipMax,
} as const;

export const LEVELS_IMPORT_TEXTS = {
  imported: (names: readonly string[]) =>
    names.length === 1 ? `Imported the level '${names[0]}'.` : `Imported ${names.length} levels: ${names.join(', ')}.`,
  audioTitle: 'Audio of the imported lines',
  audioQuestion: (lines: number) =>
    `The imported lines have no audio yet (${lines === 1 ? '1 line' : `${lines} lines`}). Generate it now?`,
  audioStarted: 'Generating the audio of the imported levels.',
  generate: 'Generate',
  later: 'Later',
  close: 'Close',
} as const;

export const PASS_CRITERIA_TEXTS = {
  /** the badge of the level that carries the sim's pass criteria */
  badge: 'PASS CRITERIA',
  badgeHint: 'The pass criteria of this sim are set on this level.',
  /** the warning confirm when the criteria are already set (authoring.md section 4) */
  replaceTitle: 'Pass criteria already set',
  replaceHere:
    'The pass criteria of this sim are already set on this level. Setting them again replaces them. Continue?',
} as const;
