import { gradeLine } from '../../../packages/shared/src/grading/index';
import { matchesKeyword } from '../match';

/**
 * One call-centre line of the robustness corpus: the text an agent should say (written as it is spoken:
 * numbers in words, so that every synthesizer says the same thing), its keyword entries (`|` lists
 * alternatives, as in the product) and one wrong answer: a plausible thing a learner might say instead,
 * holding none of the line's keywords. The wrong answer is decoded with the hints of this line.
 */
export interface RobustnessLine {
  domain: 'billing' | 'insurance' | 'telecom' | 'banking' | 'healthcare';
  text: string;
  keywords: string[];
  wrong: string;
}

export type SetName = 'dev' | 'heldout';

/**
 * Throws unless every wrong answer is free of its line's keywords, both by the bench's simple matcher and
 * by the product's grader (flexible phrasing): otherwise a perfect transcript would count as a false keyword.
 */
export function checkCorpus(lines: readonly RobustnessLine[]): void {
  for (const line of lines) {
    if (line.keywords.length < 1 || line.keywords.length > 3) {
      throw new Error(`"${line.text}" must have 1 to 3 keyword entries`);
    }
    const simple = line.keywords.find((k) => matchesKeyword(line.wrong, k));
    const graded = gradeLine({ transcript: line.wrong, keywords: line.keywords }).correctKeywords;
    if (simple || graded.length) {
      throw new Error(`The wrong answer "${line.wrong}" holds the keyword "${simple ?? graded[0]}" of its line`);
    }
    const missing = gradeLine({ transcript: line.text, keywords: line.keywords }).missedKeywords;
    if (missing.length) throw new Error(`The line "${line.text}" does not say its keyword "${missing[0]}"`);
  }
}
