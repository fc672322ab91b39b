/**
 * The dialogs of the Create Levels screen (authoring.md section 2 "Script row", "Set Pass Criteria",
 * "Keyword and hint tools"; sections 4, 5, 8, 9; DECISIONS.md sections 3 and 4): their texts and the
 * messages the spec does not give. The spec's own texts live in authoring.ts (AUTHORING_TEXTS,
 * AUTHORING_MESSAGES) and grading/constants.ts (GRADING_MESSAGES); the buttons of the Create Levels screen
 * that open these dialogs are labelled by CREATE_LEVELS_TEXTS (create-levels.ts).
 */
import { AUTHORING_LIMITS, type GenerateFlag, type LevelOption } from './authoring';

/** Texts of the dialogs; the spec's words where it gives them. */
export const SCRIPT_TOOLS_TEXTS = {
  close: 'Close',
  /** the close icon of a message inside a dialog (not the dialog's own Close) */
  dismiss: 'Dismiss message',
  cancel: 'Cancel',
  save: 'Save',
  // Add Keyword
  keywordsTitle: 'Add Keyword',
  keywordInput: 'Keyword',
  removeKeyword: (keyword: string) => `Remove keyword ${keyword}`,
  noKeywords: 'No keywords yet.',
  // Manage Tests and the test form
  manageTestsTitle: 'Manage Tests',
  tests: 'Tests',
  addTest: 'Add test',
  tryOut: 'Try Out',
  newTest: 'New test',
  testName: 'Name',
  phrasing: 'Phrasing',
  flexible: 'Flexible',
  strict: 'Strict',
  coachIntention: 'Coach Intention',
  confidence: 'Confidence %',
  saveTest: 'Save Test',
  deleteTest: 'Delete Test',
  deleteTestTitle: 'Delete Test',
  deleteTestMessage: (name: string) => `Delete the test '${name}'?`,
  deleteConfirm: 'DELETE',
  noTestsYet: 'No tests yet. Add one with +.',
  // Try Test
  tryTestTitle: 'Try Test',
  actualScript: 'Actual script',
  confidenceOf: (percent: number) => `Confidence: ${percent}%`,
  startRecording: 'Start recording',
  stopRecording: 'Stop recording',
  recordPrompt: 'Press the microphone and say the line.',
  recordingNow: 'Recording… press the microphone again to stop.',
  processing: 'Checking your answer…',
  transcription: 'Transcription',
  score: (percent: number) => `Score: ${percent}%`,
  linePassed: 'Passed',
  lineMissed: 'Not passed',
  testsResult: 'Tests',
  testPassed: 'passed',
  testMissed: 'missed',
  testGrade: (name: string, status: string, percent: number) => `${name}: ${status} (grade ${percent}%)`,
  // Add Hint Text
  hintTitle: 'Add Hint Text',
  hintLabel: 'Hint Text',
  // Auto-populate
  startAfterLabel: 'Start after',
  seconds: 'Seconds',
  startAfter: (n: number) => `Start after ${n} Seconds`,
  selectTab: 'Select Tab',
  none: 'None',
  noLayout: 'This sim has no Data Input layout yet: upload one on the Data Input step.',
  noFields: 'This tab has no fields.',
  reset: 'Reset',
  setAutopopulate: 'Set auto-populate',
  chosenFields: (n: number) => `${n} field(s) chosen`,
  // Level Settings
  settingsTitle: (level: string) => `Settings of ${level}`,
  levelOptionLabels: {
    keyword_score: 'Keyword score',
    hint_text: 'Hint text',
    real_time_feedback: 'Real-time feedback',
    send_to_snowfly: 'Send to the voice-recording service',
    screenRecording: 'Screen recording',
    only_keywords: 'Only keywords',
  } satisfies Record<LevelOption, string>,
  levelOptionHints: {
    keyword_score: 'The learner is scored on the keywords of the lines.',
    hint_text: 'The learner sees the hint instead of the line.',
    real_time_feedback: 'The learner sees the missed keywords after each line and can retry.',
    send_to_snowfly: "The level's merged audio is sent to the external voice-recording service.",
    screenRecording: "The learner's screen is recorded while taking the level.",
    only_keywords: 'The learner sees the keywords, not the full line.',
  } satisfies Record<LevelOption, string>,
  // Set Pass Criteria
  passCriteriaTitle: 'Set Pass Criteria',
  thresholdLabels: {
    keyword: 'Keyword accuracy %',
    typing: 'Typing accuracy %',
    dataSelection: 'Data selection accuracy %',
    overall: 'Overall accuracy %',
  },
  notApplicable: 'NA',
  notApplicableOf: (label: string) => `NA: ${label}`,
  allowSkipLevels: 'Allow skip levels',
  set: 'Set',
  unset: 'Unset',
  criteriaElsewhereTitle: 'Pass criteria already set',
  criteriaElsewhere: (level: string) =>
    `The pass criteria of this sim are set on the level '${level}'. Setting them here moves them to this level. Continue?`,
  criteriaOnThisLevel: 'The pass criteria of this sim are set on this level.',
  confirm: 'OK',
  // Generate Sim
  generateTitle: 'Generate Sim',
  generateIntro: 'The scripts of the first level are copied into the levels you choose, transformed as set below.',
  generate: 'Generate',
  generateLevel: (name: string) => `Generate '${name}'`,
  levelsAfter: (n: number) => `Levels after generating: ${n} of ${AUTHORING_LIMITS.maxLevels}`,
  generateFlagLabels: {
    remove_coach: 'Remove coach',
    auto_populate: 'Auto-populate on',
    convert_agent: 'Convert agent clips to prompts',
    include_keywords: 'Include keywords',
    hint_text: 'Hint text',
    remove_agent: 'Remove agent',
  } satisfies Record<GenerateFlag, string>,
  flagOf: (flag: string, level: string) => `${flag} (${level})`,
  // Copy Hints
  copyHintsTitle: 'Copy Hints',
  copyHintsIntro: (level: string) =>
    `The hint texts of '${level}' are copied to the same lines of the level you choose.`,
  importInto: 'Import into level',
  importHints: 'Import',
  noOtherLevel: 'This sim has no other level.',
} as const;

/** Messages the spec does not give (its own are in AUTHORING_MESSAGES and GRADING_MESSAGES). */
export const SCRIPT_TOOLS_MESSAGES = {
  testSaved: 'Test saved successfully.',
  testDeleted: 'Test deleted successfully.',
  duplicateKeywords: (list: string) => `Already in the list, left out: ${list}`,
  micDenied:
    'Microphone access was denied. Allow the microphone for this site in the browser settings, then try again.',
  micMissing: 'No microphone was found. Connect one and try again.',
  micUnavailable:
    'The microphone cannot be used here: recording needs a browser with microphone support on a secure page.',
  micFailed: 'The microphone could not be started. Please try again.',
  emptyRecording: 'Nothing was recorded. Please try again and speak after pressing the microphone.',
  chooseLevel: 'Choose the level to import the hints into.',
  chooseGeneratedLevel: 'Choose at least one level to generate.',
  timerRange: `Enter a whole number of seconds from 0 to ${AUTHORING_LIMITS.autopopulateTimerMaxSeconds}.`,
} as const;

/** How many chosen fields the auto-populate summary names before the ellipsis (section 2). */
export const AUTOPOPULATE_SUMMARY_FIELDS = AUTHORING_LIMITS.autopopulateSummaryFields;

/** The field title of an auto-populate target, whichever spelling it was stored with (field_title or fieldTitle). */
export function autopopulateFieldTitle(target: Record<string, unknown>): string {
  const title = target.field_title ?? target.fieldTitle ?? target.attribute_name;
  return typeof title === 'string' ? title : '';
}

/** The summary of a script's auto-populate targets: the first 3 field titles, then an ellipsis when there are more. */
export function autopopulateSummary(targets: readonly Record<string, unknown>[] | null | undefined): string {
  const titles = (targets ?? []).map(autopopulateFieldTitle).filter((t) => t !== '');
  const shown = titles.slice(0, AUTOPOPULATE_SUMMARY_FIELDS).join(', ');
  return titles.length > AUTOPOPULATE_SUMMARY_FIELDS ? `${shown}...` : shown;
}

/** Confidence % of a test (section 5): parsed as an integer, non-numeric input is 0; kept within 0..100. */
export function parseConfidence(input: string | number): number {
  const value = typeof input === 'number' ? Math.trunc(input) : Number.parseInt(input, 10);
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/** A strict test has no Confidence % field (section 5): all of its keywords must be said. */
export const STRICT_TEST_CONFIDENCE = 100;
