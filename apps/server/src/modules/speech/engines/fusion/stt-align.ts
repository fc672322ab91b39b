/**
 * Word alignment (edit distance: a matching word costs 0, a substitution 1, a gap 1), shared by the fusion of
 * the recognisers' hypotheses (stt-fuse.ts: where the expected line's keyword is in what was heard) and the
 * timing of the neural text (stt-combine.ts).
 */

/** One step of an alignment: a word of `a` and its partner in `b` (a match or a substitution), or a gap. */
export interface AlignedPair {
  /** index in `a`, -1 for a word of `b` with no partner (an insertion) */
  a: number;
  /** index in `b`, -1 for a word of `a` with no partner (a deletion) */
  b: number;
  same: boolean;
}

/** The alignment of two word sequences, in order. */
export function alignSequences(
  a: readonly string[],
  b: readonly string[],
  same: (x: string, y: string) => boolean = (x, y) => x === y,
): AlignedPair[] {
  const n = a.length;
  const m = b.length;
  const cost: number[][] = Array.from({ length: n + 1 }, (_, i) =>
    Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) {
      const sub = same(a[i - 1], b[j - 1]) ? 0 : 1;
      cost[i][j] = Math.min(cost[i - 1][j - 1] + sub, cost[i - 1][j] + 1, cost[i][j - 1] + 1);
    }
  }
  const out: AlignedPair[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0) {
      const match = same(a[i - 1], b[j - 1]);
      if (cost[i][j] === cost[i - 1][j - 1] + (match ? 0 : 1)) {
        out.push({ a: i - 1, b: j - 1, same: match });
        i--;
        j--;
        continue;
      }
    }
    if (i > 0 && (j === 0 || cost[i][j] === cost[i - 1][j] + 1)) {
      out.push({ a: i - 1, b: -1, same: false });
      i--;
    } else {
      out.push({ a: -1, b: j - 1, same: false });
      j--;
    }
  }
  return out.reverse();
}

/** What `b` holds at the words [from, to) of `a`. */
export interface HeardAt {
  /** indexes in `b` of the words at the place, in order: partners of its words and words inserted beside them */
  words: number[];
  /** a word of the place has a different partner (a substitution): `b` heard another word there */
  substituted: boolean;
  /** a word of `a` just before or just after the place has an identical partner (or the place is all of `a`) */
  anchored: boolean;
}

export function heardAt(pairs: readonly AlignedPair[], from: number, to: number, aLength: number): HeardAt {
  const words: number[] = [];
  let substituted = false;
  let inside = false;
  let pending: number[] = [];
  let before = false;
  let after = false;
  for (const p of pairs) {
    if (p.a === from - 1 && p.same) before = true;
    if (p.a === to && p.same) after = true;
    if (p.a < 0) {
      // inserted: beside the place when it comes right before or inside it
      if (inside) words.push(p.b);
      else pending.push(p.b);
      continue;
    }
    inside = p.a >= from && p.a < to;
    if (!inside) {
      pending = [];
      continue;
    }
    words.push(...pending, ...(p.b >= 0 ? [p.b] : []));
    pending = [];
    if (p.b >= 0 && !p.same) substituted = true;
  }
  return { words, substituted, anchored: before || after || (from === 0 && to >= aLength) };
}
