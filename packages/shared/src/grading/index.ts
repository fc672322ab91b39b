export * from './constants';
export {
  alignWords,
  evidenceEntries,
  evidenceFromSpotted,
  type KeywordEvidenceInput,
  keywordEvidence,
  SPOTTED_CONFIDENCE,
  spottedOf,
} from './evidence';
export {
  decisionKey,
  decisionsOf,
  entryCredited,
  entryMatches,
  type GradedTest,
  type GradeLineInput,
  type GradeLineResult,
  type GradeTestInput,
  gradeLine,
  type KeywordDecision,
  spottedSet,
} from './grade-line';
export {
  type KeywordEntry,
  KeywordEntryError,
  type KeywordEntryErrorCode,
  type KeywordListResult,
  type KeywordOperator,
  keywordEntryProblem,
  parseKeywordEntry,
  parseKeywordList,
  uniqueKeywordEntries,
} from './keyword-entry';
export {
  LEVEL_ORDERS_WITHOUT_KEYWORDS,
  type LevelFigure,
  type LevelFigureInputs,
  type LevelFigures,
  type LineKeywordCounts,
  levelFigures,
} from './level-figures';
export { editDistance, isNearWord, maxNearEdits } from './near-match';
export { normalise, tokenise } from './normalise';
export { numberToWords, numberWordsToDigits, ordinalSuffix } from './numbers';
export {
  evaluatePassCriteria,
  PASS_CRITERIA,
  type PassCriteria,
  type PassCriteriaResult,
  type PassCriterion,
  type PassCriterionResult,
  type PassCriterionStatus,
} from './pass-criteria';
export { metaphone } from './phonetic';
export {
  matchFlexible,
  matchPhrase,
  matchPhrasePositions,
  matchStrict,
  type Phrasing,
  type PreparedText,
  type PreparedWord,
  phraseMatches,
  preparePhrase,
  prepareText,
  prepareWord,
  sameWord,
} from './phrase-match';
export {
  MAX_HINT_KEYWORDS,
  type RecognitionHints as TRecognitionHints,
  recognitionHints,
  sameRecognitionHints,
} from './recognition-hints';
export { stem } from './stem';
