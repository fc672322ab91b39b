/**
 * Calibration of the keyword search's thresholds (issue 14) without decoding again: reads the raw results
 * of robustness runs (`last-<set>.json`, written by run.ts, with the lattice scores of the keyword phrases
 * each decode reported) and grades every recording again, as run.ts does it, for a grid of thresholds.
 * Run from bench/ (dev set only: the held-out set is not tuned on):
 *   tsx speech/robustness/calibrate.ts FILE.json [FILE.json ...]
 * A run made with '--engine-options {"spotting":{"latticePosterior":1.01}}' also searched the bare phrases
 * (never accepting them), so that the bare thresholds can be tried here too.
 */
import { readFile } from 'node:fs/promises';
import {
  acceptedPhrases,
  keywordPhrases,
  type SpotSettings,
} from '../../../apps/server/src/modules/speech/engines/pocketsphinx/stt-spot';
import { spokenForm } from '../../../apps/server/src/modules/speech/engines/stt-text';
import { DEFAULT_OVERALL_CONFIDENCE, gradeLine } from '../../../packages/shared/src/grading/index';
import { DEV_LINES } from './corpus-dev';
import { HELDOUT_LINES } from './corpus-heldout';
import type { Outcome } from './tally';

interface Raw {
  info: { set: 'dev' | 'heldout'; voices: string[] };
  outcomes: Outcome[];
}

const ACCENT = /^en/;
const files = process.argv.slice(2);
if (!files.length) throw new Error('usage: calibrate.ts FILE.json [...]');
const runs: Raw[] = await Promise.all(files.map(async (f) => JSON.parse(await readFile(f, 'utf8')) as Raw));
const only = process.env.CONDITIONS?.split(',');
const outcomes = runs
  .flatMap((r) => r.outcomes.map((o) => ({ ...o, set: r.info.set })))
  .filter((o) => !only || only.includes(o.condition));

function regrade(settings: SpotSettings | undefined) {
  const rows = outcomes.map((o) => {
    const line = (o.set === 'dev' ? DEV_LINES : HELDOUT_LINES)[o.line];
    const phrases = keywordPhrases(line.keywords, () => true, spokenForm(line.text).words);
    const spotted = settings ? acceptedPhrases(phrases, o.phrases, settings) : [];
    const graded = gradeLine({
      transcript: o.transcript,
      keywords: line.keywords,
      tests: [],
      natural_lenguage: false,
      overalConfidence: DEFAULT_OVERALL_CONFIDENCE,
      spotted,
    });
    return { o, found: graded.correctKeywords.length, passed: graded.passed, fromSpot: graded.correctKeywords };
  });
  const sum = (filter: (r: (typeof rows)[number]) => boolean) => {
    const rs = rows.filter(filter);
    return { found: rs.reduce((a, r) => a + r.found, 0), entries: rs.reduce((a, r) => a + r.o.entries, 0), rs };
  };
  const lines = sum((r) => r.o.kind === 'line');
  const wrong = sum((r) => r.o.kind === 'wrong');
  const accents = [...new Set(outcomes.filter((o) => ACCENT.test(o.voice)).map((o) => o.voice))];
  const pink10 = accents.map((v) => {
    const s = sum((r) => r.o.kind === 'line' && r.o.voice === v && r.o.condition === 'pink10');
    return s.entries ? s.found / s.entries : Number.NaN;
  });
  const cond = (c: string) => {
    const s = sum((r) => r.o.kind === 'line' && r.o.condition === c);
    return s.entries ? s.found / s.entries : Number.NaN;
  };
  return {
    recall: lines.found / lines.entries,
    pink10Mean: pink10.filter(Number.isFinite).reduce((a, b) => a + b, 0) / pink10.filter(Number.isFinite).length,
    pink10Worst: Math.min(...pink10.filter(Number.isFinite)),
    silence: cond('silence'),
    floor: cond('floor'),
    falseKw: `${wrong.found}/${wrong.entries}`,
    falseRate: wrong.found / wrong.entries,
    wrongPasses: wrong.rs.filter((r) => r.passed).length,
  };
}

const pc = (v: number) => (Number.isFinite(v) ? `${(100 * v).toFixed(1)}%` : 'n/a');
const show = (label: string, s: SpotSettings | undefined) => {
  const m = regrade(s);
  console.log(
    `${label.padEnd(28)} recall ${pc(m.recall)}  pink10 mean ${pc(m.pink10Mean)} worst ${pc(m.pink10Worst)}  silence ${pc(m.silence)} floor ${pc(m.floor)}  false ${m.falseKw} (${pc(m.falseRate)})  wrong passes ${m.wrongPasses}`,
  );
};

console.log(`${outcomes.length} recordings from ${files.join(', ')}`);
show('no keyword search', undefined);
for (const inLine of [0.05, 0.1, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.7, 0.9])
  show(`in line ≥ ${inLine}`, { inLinePosterior: inLine });
for (const bare of [0.5, 0.7, 0.8, 0.9, 0.95, 0.99]) {
  show(`bare ≥ ${bare}, in line ≥ 0.2`, { inLinePosterior: 0.2, latticePosterior: bare });
}
