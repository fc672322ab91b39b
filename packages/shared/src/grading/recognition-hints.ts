/**
 * What the recogniser is told to expect of a learner's line: the line's text and the parts of its keyword
 * entries (the operators | and & removed; the tests' keywords too), each once, at most 200. The server
 * biases every decode of the line with these, and the take-sim screen sends the same in its speech
 * stream's 'start' message, so that the stream's transcript can grade the line (DECISIONS, issue 12).
 */
export interface RecognitionHints {
  expected: string;
  keywords: string[];
}

export const MAX_HINT_KEYWORDS = 200;
export const MAX_HINT_EXPECTED_CHARS = 5000;
export const MAX_HINT_KEYWORD_CHARS = 500;

export function recognitionHints(line: {
  script: string;
  keywords: readonly string[];
  tests: readonly { keywords: readonly string[] }[];
}): RecognitionHints {
  const entries = [...line.keywords, ...line.tests.flatMap((t) => t.keywords)];
  const keywords = [...new Set(entries.flatMap((e) => e.split(/[|&]/)).map((p) => p.trim()))]
    .filter(Boolean)
    .map((k) => k.slice(0, MAX_HINT_KEYWORD_CHARS))
    .slice(0, MAX_HINT_KEYWORDS);
  return { expected: line.script.slice(0, MAX_HINT_EXPECTED_CHARS), keywords };
}

/** Two sets of hints bias a decode the same way: the same text (spacing aside) and the same keywords. */
export function sameRecognitionHints(
  a: { expected?: string; keywords?: readonly string[] },
  b: { expected?: string; keywords?: readonly string[] },
): boolean {
  const text = (s: string | undefined) => (s ?? '').trim().replace(/\s+/g, ' ');
  const set = (k: readonly string[] | undefined) => [...new Set((k ?? []).map((w) => text(w)))].sort().join('\n');
  return text(a.expected) === text(b.expected) && set(a.keywords) === set(b.keywords);
}
