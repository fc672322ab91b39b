import { AUTHORING_LIMITS } from '@sim/shared';

/**
 * The words to mark in a script for its keywords: each keyword entry, split into its parts on the '&'
 * and '|' operators (DECISIONS.md section 4), trimmed, without empties and repeats.
 */
export function keywordTerms(keywords: readonly string[]): string[] {
  const terms = new Set<string>();
  for (const entry of keywords)
    for (const part of entry.split(/[&|]/)) {
      const term = part.trim();
      if (term) terms.add(term.toLowerCase());
    }
  // longest first, so a longer phrase wins over a word inside it
  return [...terms].sort((a, b) => b.length - a.length);
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface TextSegment {
  text: string;
  match: boolean;
  /** where the piece starts in the text (a stable key) */
  start: number;
}

/** The script text cut into plain and matching pieces; matching is case-insensitive (authoring.md section 2). */
export function highlightSegments(text: string, keywords: readonly string[]): TextSegment[] {
  const terms = keywordTerms(keywords);
  if (terms.length === 0 || text === '') return [{ text, match: false, start: 0 }];
  const pattern = new RegExp(`(${terms.map(escapeRegExp).join('|')})`, 'gi');
  const segments: TextSegment[] = [];
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    const start = found.index ?? 0;
    if (found[0] === '') continue;
    if (start > last) segments.push({ text: text.slice(last, start), match: false, start: last });
    segments.push({ text: found[0], match: true, start });
    last = start + found[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), match: false, start: last });
  return segments;
}

/**
 * The keyword summary of a script row: the first keyword, with an ellipsis when there are more, and the
 * tooltip's list of at most 20 keywords (authoring.md section 2), with how many more there are.
 */
export function keywordSummary(keywords: readonly string[]): { label: string; tooltip: string[]; more: number } | null {
  if (keywords.length === 0) return null;
  const first = keywords[0] as string;
  const tooltip = keywords.slice(0, AUTHORING_LIMITS.keywordTooltipMax);
  return {
    label: keywords.length > 1 ? `${first}…` : first,
    tooltip,
    more: keywords.length - tooltip.length,
  };
}
