import { spokenForm } from '../../apps/server/src/modules/speech/engines/stt-text';

/**
 * The bench's simple keyword matcher: both sides normalised to spoken words (lower case, no punctuation,
 * numbers as words), then a whole-word contiguous phrase match; `|` lists alternatives, `&` parts that must
 * all match.
 */
export function normalise(text: string): string[] {
  return spokenForm(text).words.map((w) => w.replace(/'/g, ''));
}

function containsPhrase(words: readonly string[], phrase: readonly string[]): boolean {
  if (phrase.length === 0) return false;
  for (let i = 0; i + phrase.length <= words.length; i++) {
    if (phrase.every((w, j) => words[i + j] === w)) return true;
  }
  return false;
}

export function matchesKeyword(transcript: string, entry: string): boolean {
  const words = normalise(transcript);
  if (entry.includes('&')) return entry.split('&').every((part) => containsPhrase(words, normalise(part)));
  return entry.split('|').some((alt) => containsPhrase(words, normalise(alt)));
}

export interface KeywordResult {
  matched: string[];
  missed: string[];
  /** matched / all × 100 */
  accuracy: number;
}

export function gradeKeywords(transcript: string, keywords: readonly string[]): KeywordResult {
  const matched = keywords.filter((k) => matchesKeyword(transcript, k));
  const missed = keywords.filter((k) => !matchesKeyword(transcript, k));
  return { matched, missed, accuracy: keywords.length ? (matched.length / keywords.length) * 100 : 100 };
}

/** Word error rate (substitutions + deletions + insertions) / reference words, on normalised words. */
export function wordErrors(reference: string, hypothesis: string): { errors: number; words: number } {
  const ref = normalise(reference);
  const hyp = normalise(hypothesis);
  let prev = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const cur = [i];
    for (let j = 1; j <= hyp.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return { errors: prev[hyp.length], words: ref.length };
}
