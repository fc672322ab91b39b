/**
 * Grades the near-miss bench's decodes again with other settings, without decoding (calibration of issue 30):
 * reads the details file a run of run.ts kept (every recording's raw outputs), rebuilds each recording's
 * `spotted` with grade.ts `regrade` and the settings given, and prints the run's tables for them. Run from bench/:
 *   tsx speech/near-miss/regrade.ts [--details FILE] [--in-line 0.3] [--lattice 0.7] [--gate 0.2]
 *                                   [--no-search] [--no-biased] [--no-boosted] [--list]
 * Without settings it grades with today's engine's (PRODUCT_SETTINGS). --list prints every near miss whose
 * swapped keyword is still credited, with its evidence.
 * A calibration script of its own imports `regrade`, `evidenceOf` and `PRODUCT_SETTINGS` from grade.ts, and
 * the details file's type (`Details`) from report.ts.
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { NEAR_MISS_LINES } from './corpus';
import { EVIDENCE, PRODUCT_SETTINGS, type RegradeSettings, regrade } from './grade';
import { type Details, type Graded, report } from './report';

const { values: opts } = parseArgs({
  options: {
    details: {
      type: 'string',
      default: path.join(os.tmpdir(), 'simcentre-speech-robustness', 'near-miss-details.json'),
    },
    'in-line': { type: 'string' },
    lattice: { type: 'string' },
    gate: { type: 'string' },
    'no-search': { type: 'boolean', default: false },
    'no-biased': { type: 'boolean', default: false },
    'no-boosted': { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
  },
});

const number = (name: string, value: string | undefined, fallback: number | undefined) => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!(n >= 0 && n <= 1)) throw new Error(`--${name}: a number from 0 to 1`);
  return n;
};
const settings: RegradeSettings = {
  inLinePosterior: number('in-line', opts['in-line'], PRODUCT_SETTINGS.inLinePosterior) ?? 0,
  ...(opts.lattice !== undefined ? { latticePosterior: number('lattice', opts.lattice, undefined) } : {}),
  gate: number('gate', opts.gate, PRODUCT_SETTINGS.gate) ?? 0,
  search: !opts['no-search'],
  biasedOneBest: !opts['no-biased'],
  boosted: !opts['no-boosted'],
};

const details: Details = JSON.parse(await readFile(opts.details, 'utf8'));
const lines = new Map(NEAR_MISS_LINES.map((l) => [l.id, l]));
const graded: Graded[] = [];
let skipped = 0;
let changed = 0;
for (const r of details.recordings) {
  const line = lines.get(r.line);
  if (!line) {
    skipped++;
    continue;
  }
  const again = regrade(line, r.decoded, settings);
  if (again.graded.correctKeywords.join('\n') !== r.credited.join('\n') || again.graded.passed !== r.passed) changed++;
  graded.push({ ...r, credited: again.graded.correctKeywords, passed: again.graded.passed, evidence: again.evidence });
  if (opts.list && r.kind === 'near' && r.swapped && again.graded.correctKeywords.includes(r.swapped)) {
    const by = EVIDENCE.filter((e) => again.evidence[e].includes(r.swapped ?? ''));
    console.log(
      `  [${r.fact} ${r.voice} ${r.condition}] "${r.said}"\n      → "${r.decoded.text}" | biased: "${r.decoded.biasedText ?? ''}" | credited "${r.swapped}" by ${by.join(' + ')}${again.graded.passed ? ' (PASSES)' : ''}`,
    );
  }
}
const changes = Object.entries(settings)
  .filter(([k, v]) => PRODUCT_SETTINGS[k as keyof RegradeSettings] !== v)
  .map(([k, v]) => `${k} ${v}`);
const note = `Regraded by regrade.ts from ${opts.details} with ${changes.length ? changes.join(', ') : "today's engine's settings"}.`;
console.log(report(graded, { ...details.info, note }));
console.log(
  `${changed} of ${graded.length} recordings graded otherwise than the product graded them in the run${skipped ? `; ${skipped} skipped (their line is no longer in corpus.ts)` : ''}.`,
);
