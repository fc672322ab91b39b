import {
  decisionKey,
  entryMatches,
  evidenceEntries,
  evidenceFromSpotted,
  KeywordEntryError,
  keywordEvidence,
  matchPhrase,
  preparePhrase,
  prepareText,
  type TKeywordEvidence,
  type TPhraseEvidence,
} from '@sim/shared';
import type { LineRow } from './repository';

/**
 * The evidence of a learner's graded line (issue 30), from what was stored with it: the transcript and its
 * words, the recognisers' phrase evidence and the reviewer's decisions, read against the line's script.
 */

/** What the evidence reads of a line's script. */
export interface EvidenceScript {
  script: string;
  keywords: string[];
  tests: { name: string; keywords: string[]; isFlexible?: boolean }[];
}

/** The stored keyword lists of a line that name its credited entries (the line's and its tests'). */
function creditedKeys(line: Pick<LineRow, 'correctKeywords' | 'testsMatched' | 'missedTests'>): Set<string> {
  const listed = [
    ...line.correctKeywords,
    ...[...line.testsMatched, ...line.missedTests].flatMap((t) => t.correctKeywords),
  ];
  return new Set(listed.map(decisionKey).filter((k): k is string => k !== null));
}

/**
 * The phrase evidence a regrade of the line uses. A line graded before its evidence was stored (none stored,
 * no reviewer's decision yet) may hold credits that the recogniser's `spotted` phrases gave and that were not
 * kept: for each entry stored as credited that the transcript alone does not credit, its phrases (the first
 * alternative of `|`, the parts the transcript lacks of `&`) count as spotted, placed as evidenceFromSpotted
 * places them. So regrading (an override) and the evidence shown keep every credit the learner was given.
 */
export function storedPhraseEvidence(
  line: Pick<
    LineRow,
    | 'phraseEvidence'
    | 'keywordOverrides'
    | 'transcription'
    | 'words'
    | 'correctKeywords'
    | 'testsMatched'
    | 'missedTests'
  >,
  script: EvidenceScript,
): TPhraseEvidence[] {
  if (line.phraseEvidence.length > 0 || line.keywordOverrides.length > 0) return line.phraseEvidence;
  const credited = creditedKeys(line);
  if (!credited.size) return [];
  const transcript = prepareText(line.transcription);
  const phrases: string[] = [];
  for (const { entry, phrasing } of evidenceEntries(script)) {
    if (!credited.has(entry.key) || entryMatches(entry, transcript, phrasing)) continue;
    const lacking = entry.phrases.filter((words) => !matchPhrase(preparePhrase(words), transcript, phrasing));
    phrases.push(...(entry.operator === '&' ? lacking : lacking.slice(0, 1)).map((words) => words.join(' ')));
  }
  return evidenceFromSpotted({
    expected: script.script,
    transcript: line.transcription,
    words: line.words,
    spotted: phrases,
  });
}

/** Each keyword entry of a graded line with its evidence; [] when the line's keywords no longer parse. */
export function lineEvidence(line: LineRow, script: EvidenceScript): TKeywordEvidence[] {
  try {
    return keywordEvidence({
      expected: script.script,
      keywords: script.keywords,
      tests: script.tests,
      transcript: line.transcription,
      words: line.words,
      evidence: storedPhraseEvidence(line, script),
      overrides: line.keywordOverrides,
    });
  } catch (err) {
    if (err instanceof KeywordEntryError) return [];
    throw err;
  }
}
