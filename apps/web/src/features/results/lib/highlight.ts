import { OPERATOR_ALL, OPERATOR_ANY, prepareWord, sameWord } from '@sim/shared';

/** How a piece of a line's text is shown: a keyword said (matched), one not said (missed), or plain. */
export type Mark = 'matched' | 'missed';

export interface Segment {
  text: string;
  mark: Mark | null;
}

interface Token {
  start: number;
  end: number;
  word: string;
}

/** A word compared case-insensitively, without the punctuation around or inside it ("Monday," → "monday"). */
const bare = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  // a word's piece of the text leaves out the punctuation around it ("Monday," marks "Monday")
  for (const match of text.matchAll(/[\p{L}\p{N}](?:\S*[\p{L}\p{N}])?/gu)) {
    tokens.push({ start: match.index, end: match.index + match[0].length, word: bare(match[0]) });
  }
  return tokens;
}

/**
 * The phrases of a keyword entry: its parts when written with `|` (alternatives) or `&` (all of them), else
 * the phrase itself, each as its bare words.
 */
export function keywordPhrases(entry: string): string[][] {
  const operator = entry.includes(OPERATOR_ANY) ? OPERATOR_ANY : entry.includes(OPERATOR_ALL) ? OPERATOR_ALL : null;
  const parts = operator ? entry.split(operator) : [entry];
  return parts
    .map((part) =>
      part
        .split(/\s+/)
        .map(bare)
        .filter((w) => w !== ''),
    )
    .filter((words) => words.length > 0);
}

function sameAs(flexible: boolean) {
  if (!flexible) return (a: string, b: string) => a === b;
  return (a: string, b: string) => a === b || sameWord(prepareWord(a), prepareWord(b));
}

export interface HighlightOptions {
  /**
   * Also mark words the grader counts as the same (a shared stem, a near word: "scheduled" for "schedule"):
   * for what the learner said. The script is marked word for word.
   */
  flexible?: boolean;
}

/**
 * Splits a text into pieces, marking where the matched and the missed keywords (or tests' keywords) appear,
 * case-insensitively and as whole words (learner-and-review.md section 2). A piece matched wins over missed.
 */
export function highlight(
  text: string,
  keywords: { matched: readonly string[]; missed: readonly string[] },
  options: HighlightOptions = {},
): Segment[] {
  if (text === '') return [];
  const tokens = tokensOf(text);
  const marks: (Mark | null)[] = tokens.map(() => null);
  /** which occurrence of a phrase a marked word belongs to (the space inside one occurrence is marked too) */
  const occurrence: number[] = tokens.map(() => -1);
  const same = sameAs(options.flexible ?? false);
  let found = 0;
  const mark = (entries: readonly string[], kind: Mark) => {
    for (const entry of entries)
      for (const phrase of keywordPhrases(entry))
        for (let i = 0; i + phrase.length <= tokens.length; i++) {
          if (!phrase.every((word, k) => same(word, tokens[i + k].word))) continue;
          if (marks.slice(i, i + phrase.length).some((m) => m !== null)) continue;
          found += 1;
          for (let k = 0; k < phrase.length; k++) {
            marks[i + k] = kind;
            occurrence[i + k] = found;
          }
        }
  };
  mark(keywords.matched, 'matched');
  mark(keywords.missed, 'missed');

  const segments: Segment[] = [];
  const push = (piece: string, kind: Mark | null) => {
    if (piece === '') return;
    const last = segments.at(-1);
    if (last && last.mark === kind) last.text += piece;
    else segments.push({ text: piece, mark: kind });
  };
  let at = 0;
  tokens.forEach((token, i) => {
    const kind = marks[i];
    const next = tokens[i + 1];
    // the space between two words of one marked phrase belongs to the phrase
    const joinsNext = kind !== null && next !== undefined && occurrence[i + 1] === occurrence[i];
    push(text.slice(at, token.start), null);
    push(text.slice(token.start, token.end), kind);
    at = token.end;
    if (joinsNext && next) {
      push(text.slice(at, next.start), kind);
      at = next.start;
    }
  });
  push(text.slice(at), null);
  return segments;
}

/** The words of a recognised transcript that a keyword (matched or missed) covers, by index. */
export function keywordWordIndexes(words: readonly string[], keywords: readonly string[]): Set<number> {
  const tokens = words.map(bare);
  const same = sameAs(true);
  const hit = new Set<number>();
  for (const entry of keywords)
    for (const phrase of keywordPhrases(entry))
      for (let i = 0; i + phrase.length <= tokens.length; i++)
        if (phrase.every((word, k) => same(word, tokens[i + k])))
          for (let k = 0; k < phrase.length; k++) hit.add(i + k);
  return hit;
}
