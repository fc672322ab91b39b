/**
 * Calibration of the line gate of the combined recognition (LINE_GATE, stt-combine.ts; issue 14) without
 * decoding again: reads the raw results of robustness runs made with the neural recogniser (`last-<set>.json`
 * of run.ts: pocketsphinx's text and lattice scores, Moonshine's text) and grades every recording again for
 * a grid of gates, as the product combines them. Run from bench/ (the dev set: the held-out set is not tuned on):
 *   tsx speech/robustness/calibrate-gate.ts FILE.json [FILE.json ...]
 */
import { readFile } from 'node:fs/promises';
import { combineTranscripts } from '../../../apps/server/src/modules/speech/engines/stt-combine';
import { spokenText } from '../../../apps/server/src/modules/speech/engines/stt-moonshine';
import {
  acceptedPhrases,
  DEFAULT_SPOTTING,
  keywordPhrases,
} from '../../../apps/server/src/modules/speech/engines/stt-spot';
import { spokenForm } from '../../../apps/server/src/modules/speech/engines/stt-text';
import { DEFAULT_OVERALL_CONFIDENCE, gradeLine } from '../../../packages/shared/src/grading/index';
import { DEV_LINES } from './corpus-dev';
import { HELDOUT_LINES } from './corpus-heldout';
import type { Outcome } from './tally';

interface Raw {
  info: { set: 'dev' | 'heldout' };
  outcomes: Outcome[];
}

const files = process.argv.slice(2);
if (!files.length) throw new Error('usage: calibrate-gate.ts FILE.json [...]');
const runs: Raw[] = await Promise.all(files.map(async (f) => JSON.parse(await readFile(f, 'utf8')) as Raw));
const outcomes = runs.flatMap((r) => r.outcomes.map((o) => ({ ...o, set: r.info.set })));
if (outcomes.some((o) => o.neuralRaw === undefined || o.biasedText === undefined)) {
  throw new Error('These runs were made without the neural recogniser (--engine pocketsphinx): nothing to combine');
}

/** Grades every recording again with the gate (undefined: pocketsphinx's text alone, as before the neural one). */
function regrade(gate: number | undefined) {
  let found = 0;
  let entries = 0;
  let falseFound = 0;
  let wrongEntries = 0;
  let wrongPasses = 0;
  const accent = new Map<string, { found: number; entries: number }>();
  for (const o of outcomes) {
    const line = (o.set === 'dev' ? DEV_LINES : HELDOUT_LINES)[o.line];
    const phrases = keywordPhrases(line.keywords, () => true, spokenForm(line.text).words);
    const spotted = acceptedPhrases(phrases, o.phrases, DEFAULT_SPOTTING);
    const biased = { text: o.biasedText ?? '', words: [], ...(spotted.length ? { spotted } : {}) };
    const t =
      gate === undefined
        ? biased
        : combineTranscripts(biased, spokenText(o.neuralRaw ?? ''), { expected: line.text, phrases, gate });
    const graded = gradeLine({
      transcript: t.text,
      keywords: line.keywords,
      tests: [],
      natural_lenguage: false,
      overalConfidence: DEFAULT_OVERALL_CONFIDENCE,
      spotted: t.spotted ?? [],
    });
    const n = graded.correctKeywords.length;
    if (o.kind === 'wrong') {
      falseFound += n;
      wrongEntries += o.entries;
      if (graded.passed) wrongPasses++;
      continue;
    }
    found += n;
    entries += o.entries;
    if (o.condition === 'pink10' && o.voice.startsWith('en')) {
      const a = accent.get(o.voice) ?? { found: 0, entries: 0 };
      a.found += n;
      a.entries += o.entries;
      accent.set(o.voice, a);
    }
  }
  const pink10 = [...accent.values()].map((a) => a.found / a.entries);
  return {
    recall: found / entries,
    mean: pink10.reduce((a, b) => a + b, 0) / pink10.length,
    worst: Math.min(...pink10),
    falseRate: falseFound / wrongEntries,
    falseKw: `${falseFound}/${wrongEntries}`,
    wrongPasses,
  };
}

const pc = (v: number) => (Number.isFinite(v) ? `${(100 * v).toFixed(1)}%` : 'n/a');
console.log(`${outcomes.length} recordings from ${files.join(', ')}`);
const show = (label: string, gate: number | undefined) => {
  const m = regrade(gate);
  console.log(
    `${label.padEnd(26)} recall ${pc(m.recall)}  accents at pink 10 dB: mean ${pc(m.mean)}, worst ${pc(m.worst)}  false keywords ${m.falseKw} (${pc(m.falseRate)})  wrong passes ${m.wrongPasses}`,
  );
};
show('pocketsphinx alone', undefined);
show('neural text + search only', 2);
for (const gate of [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5]) show(`line gate ${gate}`, gate);
