/**
 * Keyword boosting for the neural recogniser's greedy decode (contextual biasing, issue 14): at each step the
 * tokens that start one of the line's keyword phrases, or continue one the decode has begun, get a bonus
 * added to their logits. The unboosted decode stays the transcript; the boosted one is evidence for the
 * keywords only (stt-combine.ts), so a bonus can only add keywords the audio nearly said.
 */

/** The token sequences of the phrases as the model writes them: after a space, lower case and capitalised. */
export function boostSequences(phrases: readonly string[], encode: (text: string) => number[]): number[][] {
  const seen = new Set<string>();
  const out: number[][] = [];
  for (const phrase of phrases) {
    const words = phrase.trim().replace(/\s+/g, ' ');
    if (!words) continue;
    for (const form of [words, words[0].toUpperCase() + words.slice(1)]) {
      const tokens = encode(` ${form}`);
      const key = tokens.join(',');
      if (!tokens.length || seen.has(key)) continue;
      seen.add(key);
      out.push(tokens);
    }
  }
  return out;
}

/** Where a greedy decode stands in each boosted sequence. */
export class KeywordBoost {
  /** [sequence, position of its next token] of the sequences the decode is inside */
  private active: [number, number][] = [];

  constructor(
    private readonly sequences: readonly number[][],
    readonly bonus: number,
  ) {}

  /** The tokens to boost at the next step: every sequence's first token and the next token of each begun one. */
  next(): Set<number> {
    const tokens = new Set<number>();
    for (const s of this.sequences) tokens.add(s[0]);
    for (const [s, at] of this.active) tokens.add(this.sequences[s][at]);
    return tokens;
  }

  /** The decode wrote `token`. */
  advance(token: number): void {
    const active: [number, number][] = [];
    for (const [s, at] of this.active) {
      if (this.sequences[s][at] === token && at + 1 < this.sequences[s].length) active.push([s, at + 1]);
    }
    this.sequences.forEach((seq, s) => {
      if (seq[0] === token && seq.length > 1) active.push([s, 1]);
    });
    this.active = active;
  }
}

/** The index of the largest of the last `size` values of `data`, with `boost`'s bonus added, never `except`. */
export function argMaxBoosted(data: Float32Array, size: number, except?: number, boost?: KeywordBoost): number {
  const from = data.length - size;
  const boosted = boost?.next();
  let best = 0;
  let bestValue = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < size; k++) {
    if (k === except) continue;
    const v = data[from + k] + (boosted?.has(k) ? (boost?.bonus ?? 0) : 0);
    if (v > bestValue) {
      bestValue = v;
      best = k;
    }
  }
  return best;
}
