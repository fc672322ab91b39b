/** One recording decoded and graded the way Try Test does it. */
export interface Outcome {
  kind: 'line' | 'wrong';
  /** index of the line in its set (for a wrong answer: the line it answers) */
  line: number;
  voice: string;
  condition: string;
  /** what was spoken */
  text: string;
  transcript: string;
  /** keyword phrases the engine reports having found by keyword search, when it does */
  spotted?: string[];
  /** keyword entries of the line */
  entries: number;
  /** gradeLine's correctKeywords */
  found: string[];
  /** gradeLine's passed */
  passed: boolean;
  /** decoder CPU seconds */
  cpu: number;
  /** seconds of the recording sent */
  seconds: number;
  /** the lattice scores of the keyword phrases searched for (ln posterior), kept for calibration */
  phrases?: { phrase: string; post: number }[];
  /** with the neural recogniser: pocketsphinx's own text, and the neural recogniser's written text */
  biasedText?: string;
  neuralRaw?: string;
  /** the neural recogniser's written text with the line's keywords boosted, when it ran so */
  neuralBoostedRaw?: string;
  /** the recording (in the audio cache), for calibrations that decode it again */
  audio?: string;
}

export interface Tally {
  lines: number;
  entries: number;
  found: number;
  linePasses: number;
  wrong: number;
  wrongEntries: number;
  falseFound: number;
  wrongPasses: number;
  cpu: number;
  seconds: number;
}

export function tally(outcomes: readonly Outcome[]): Tally {
  const t: Tally = {
    lines: 0,
    entries: 0,
    found: 0,
    linePasses: 0,
    wrong: 0,
    wrongEntries: 0,
    falseFound: 0,
    wrongPasses: 0,
    cpu: 0,
    seconds: 0,
  };
  for (const o of outcomes) {
    t.cpu += o.cpu;
    t.seconds += o.seconds;
    if (o.kind === 'line') {
      t.lines++;
      t.entries += o.entries;
      t.found += o.found.length;
      if (o.passed) t.linePasses++;
    } else {
      t.wrong++;
      t.wrongEntries += o.entries;
      t.falseFound += o.found.length;
      if (o.passed) t.wrongPasses++;
    }
  }
  return t;
}

export const ratio = (part: number, whole: number) => (whole ? part / whole : Number.NaN);
export const recall = (t: Tally) => ratio(t.found, t.entries);
export const falseRate = (t: Tally) => ratio(t.falseFound, t.wrongEntries);
export const passRate = (t: Tally) => ratio(t.linePasses, t.lines);
export const cpuRatio = (t: Tally) => ratio(t.cpu, t.seconds);

export function pct(value: number, digits = 1): string {
  return Number.isFinite(value) ? `${(100 * value).toFixed(digits)}%` : 'n/a';
}

export function pctOf(part: number, whole: number): string {
  return whole ? `${pct(part / whole)} (${part}/${whole})` : 'n/a';
}
