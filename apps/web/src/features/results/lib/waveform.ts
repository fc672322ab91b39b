/**
 * The waveform of a learner's recording (pure parts): the peaks drawn from the decoded samples, where a time
 * falls on the drawing, and where each recognised word is written under it.
 */

/** A recognised word with its time in the recording, in seconds (the result line's `words`). */
export interface TimedWord {
  word: string;
  start: number;
  end: number;
}

/**
 * The loudest sample (absolute, 0 to 1) of each of `buckets` equal slices of the recording, over all its
 * channels: one bar of the drawing per slice.
 */
export function peaksOf(channels: readonly Float32Array[], buckets: number): Float32Array {
  const count = Math.max(0, Math.floor(buckets));
  const peaks = new Float32Array(count);
  const length = channels[0]?.length ?? 0;
  if (count === 0 || length === 0) return peaks;
  const size = length / count;
  for (let b = 0; b < count; b++) {
    const from = Math.floor(b * size);
    const to = Math.max(from + 1, Math.floor((b + 1) * size));
    let peak = 0;
    for (const samples of channels)
      for (let i = from; i < to && i < samples.length; i++) {
        const value = Math.abs(samples[i]);
        if (value > peak) peak = value;
      }
    peaks[b] = Math.min(1, peak);
  }
  return peaks;
}

/** The x of a time on a drawing `width` wide of a recording `duration` seconds long (clamped). */
export function timeToX(time: number, duration: number, width: number): number {
  if (!(duration > 0)) return 0;
  return Math.min(width, Math.max(0, (time / duration) * width));
}

/** The time under an x of the drawing (clamped to the recording). */
export function xToTime(x: number, width: number, duration: number): number {
  if (!(width > 0) || !(duration > 0)) return 0;
  return Math.min(duration, Math.max(0, (x / width) * duration));
}

export interface PlacedWord extends TimedWord {
  index: number;
  /** its left edge and width on the drawing, in pixels */
  left: number;
  width: number;
  /** the label's row under the drawing: words too close to the previous one go one row lower */
  row: number;
}

/**
 * Where each word is written under a drawing `width` wide: at its start time, spanning its duration; a
 * word whose label would overlap the label before it on a row goes to the next row (`rows` at most; the
 * labels are about `charWidth` pixels per character).
 */
export function placeWords(
  words: readonly TimedWord[],
  duration: number,
  width: number,
  { rows = 2, charWidth = 7 }: { rows?: number; charWidth?: number } = {},
): PlacedWord[] {
  const rowEnds: number[] = Array.from({ length: Math.max(1, rows) }, () => Number.NEGATIVE_INFINITY);
  return words.map((w, index) => {
    const left = timeToX(w.start, duration, width);
    const span = Math.max(1, timeToX(w.end, duration, width) - left);
    const labelEnd = left + Math.max(span, w.word.length * charWidth);
    let row = rowEnds.findIndex((end) => end <= left);
    if (row < 0) row = rowEnds.indexOf(Math.min(...rowEnds));
    rowEnds[row] = labelEnd + 4;
    return { ...w, index, left, width: span, row };
  });
}

/** The index of the word being said at `time`, or -1 between words. */
export function wordAt(words: readonly TimedWord[], time: number): number {
  return words.findIndex((w) => time >= w.start && time < w.end);
}
