import { gradeLine } from '../../../packages/shared/src/grading/index';
import { normalise, wordErrors } from '../match';

/** The line's words in the last partial that the speaker did not say (each occurrence counted). */
export function inventedWords(partial: string, expected: string, said: string): string[] {
  const line = new Set(normalise(expected));
  const spoken = new Set(normalise(said));
  return normalise(partial).filter((w) => line.has(w) && !spoken.has(w));
}

/** The keyword entries the web ticks on a transcript (the shared grading module, as live-keywords.ts runs it). */
export function ticked(transcript: string, keywords: readonly string[]): string[] {
  if (!transcript.trim()) return [];
  return gradeLine({ transcript, keywords }).correctKeywords;
}

/** The keyword entries ticked over a take: every partial's, kept (the web never unticks one). */
export function tickedOverTake(partials: readonly string[], keywords: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const p of partials) for (const k of ticked(p, keywords)) out.add(k);
  return out;
}

export { normalise, wordErrors };
