/**
 * Calibration of the line gate of the combined recognition (LINE_GATE, stt-combine.ts; issue 14) without
 * decoding again: reads the raw results of robustness runs made with the neural recogniser (`last-<set>.json`
 * of run.ts: pocketsphinx's text and lattice scores, Moonshine's text) and grades every recording again for
 * a grid of gates, as the product combined them before the boosted neural decode (calibrate-boost.ts, which
 * grades with it). Run from bench/ (the dev set: the held-out set is not tuned on):
 *   tsx speech/robustness/calibrate-gate.ts FILE.json [FILE.json ...]
 */
import { readFile } from 'node:fs/promises';
import { combineTranscripts } from '../../../apps/server/src/modules/speech/engines/fusion/stt-combine';
import { spokenText } from '../../../apps/server/src/modules/speech/engines/moonshine/stt-moonshine';
import {
  acceptedPhrases,
  DEFAULT_SPOTTING,
  keywordPhrases,
} from '../../../apps/server/src/modules/speech/engines/pocketsphinx/stt-spot';
import { spokenForm } from '../../../apps/server/src/modules/speech/engines/stt-text';
import { DEV_LINES } from './corpus-dev';
import { HELDOUT_LINES } from './corpus-heldout';
import { percent, RegradeTally } from './regrade-tally';
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
  const tally = new RegradeTally();
  for (const o of outcomes) {
    const line = (o.set === 'dev' ? DEV_LINES : HELDOUT_LINES)[o.line];
    const phrases = keywordPhrases(line.keywords, () => true, spokenForm(line.text).words);
    const spotted = acceptedPhrases(phrases, o.phrases, DEFAULT_SPOTTING);
    const biased = { text: o.biasedText ?? '', words: [], ...(spotted.length ? { spotted } : {}) };
    const t =
      gate === undefined
        ? biased
        : combineTranscripts(biased, spokenText(o.neuralRaw ?? ''), { expected: line.text, phrases, gate });
    tally.grade(o, t, line.keywords);
  }
  return tally.result();
}

const pc = percent;
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
