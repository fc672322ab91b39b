import { DEFAULT_OVERALL_CONFIDENCE, gradeLine } from '../../../packages/shared/src/grading/index';

/**
 * The figures the calibration scripts (calibrate-gate.ts, calibrate-boost.ts) compare when they grade a run's
 * recordings again: recall, the accents' recall at pink 10 dB (mean and worst), the project voices' recall,
 * false keywords and passes of wrong answers.
 */
export class RegradeTally {
  private found = 0;
  private entries = 0;
  private falseFound = 0;
  private wrongEntries = 0;
  private wrongPasses = 0;
  private projectFound = 0;
  private projectEntries = 0;
  private readonly accent = new Map<string, { found: number; entries: number }>();

  /** One recording graded again: `found` keyword entries of its `entries`, and whether its line passed. */
  add(
    o: { kind: 'line' | 'wrong'; voice: string; condition: string; entries: number },
    found: number,
    passed: boolean,
  ) {
    if (o.kind === 'wrong') {
      this.falseFound += found;
      this.wrongEntries += o.entries;
      if (passed) this.wrongPasses++;
      return;
    }
    this.found += found;
    this.entries += o.entries;
    // espeak-ng voices are named by their language code ("en-029"); the project's by name
    if (!o.voice.startsWith('en')) {
      this.projectFound += found;
      this.projectEntries += o.entries;
    }
    if (o.condition === 'pink10' && o.voice.startsWith('en')) {
      const a = this.accent.get(o.voice) ?? { found: 0, entries: 0 };
      a.found += found;
      a.entries += o.entries;
      this.accent.set(o.voice, a);
    }
  }

  /** One recording's combined transcript graded as the product grades it. */
  grade(o: Parameters<RegradeTally['add']>[0], t: { text: string; spotted?: string[] }, keywords: string[]) {
    const graded = gradeAsProduct(t, keywords);
    this.add(o, graded.correctKeywords.length, graded.passed);
  }

  result() {
    const pink10 = [...this.accent.values()].map((a) => a.found / a.entries);
    return {
      recall: this.found / this.entries,
      project: this.projectFound / this.projectEntries,
      mean: pink10.reduce((a, b) => a + b, 0) / pink10.length,
      worst: Math.min(...pink10),
      falseRate: this.falseFound / this.wrongEntries,
      falseKw: `${this.falseFound}/${this.wrongEntries}`,
      wrongPasses: this.wrongPasses,
    };
  }
}

/** gradeLine as Try Test and the attempts call it: the keyword search's `spotted` too, overalConfidence 60. */
export function gradeAsProduct(t: { text: string; spotted?: string[] }, keywords: string[]) {
  return gradeLine({
    transcript: t.text,
    keywords,
    tests: [],
    natural_lenguage: false,
    overalConfidence: DEFAULT_OVERALL_CONFIDENCE,
    spotted: t.spotted ?? [],
  });
}

export const percent = (v: number) => (Number.isFinite(v) ? `${(100 * v).toFixed(1)}%` : 'n/a');
