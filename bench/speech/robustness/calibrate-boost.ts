/**
 * Calibration of the neural recogniser's keyword bonus (KEYWORD_BOOST, stt-moonshine.ts; issue 14). Reads the
 * raw results of a robustness run (`last-<set>.json` of run.ts: pocketsphinx's text and lattice scores, the
 * recording's file in the audio cache), decodes every recording again with Moonshine for a grid of bonuses,
 * and grades it as the product combines the evidence (stt-combine.ts). Run from bench/, on the dev set only
 * (the held-out set is not tuned on):
 *   tsx speech/robustness/calibrate-boost.ts /tmp/simcentre-speech-robustness/last-dev.json [--boosts 1,2,3,5]
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { decodeAudio } from '../../../apps/server/src/modules/speech/engines/audio/stt-audio';
import { combineTranscripts, LINE_GATE } from '../../../apps/server/src/modules/speech/engines/fusion/stt-combine';
import {
  MoonshineRecognizer,
  spokenText,
} from '../../../apps/server/src/modules/speech/engines/moonshine/stt-moonshine';
import {
  acceptedPhrases,
  DEFAULT_SPOTTING,
  keywordPhrases,
} from '../../../apps/server/src/modules/speech/engines/pocketsphinx/stt-spot';
import { spokenForm } from '../../../apps/server/src/modules/speech/engines/stt-text';
import { mapLimit } from '../stats';
import { DEV_LINES } from './corpus-dev';
import { HELDOUT_LINES } from './corpus-heldout';
import { percent, RegradeTally } from './regrade-tally';
import type { Outcome } from './tally';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: { boosts: { type: 'string', default: '1,2,3,5' } },
});
const file = positionals[0];
if (!file) throw new Error('usage: calibrate-boost.ts last-dev.json [--boosts 1,2,3,5]');
const boosts = opts.boosts.split(',').map(Number);
if (!boosts.every((b) => b > 0)) throw new Error('--boosts: positive numbers');
const run = JSON.parse(await readFile(file, 'utf8')) as { info: { set: 'dev' | 'heldout' }; outcomes: Outcome[] };
const lines = run.info.set === 'dev' ? DEV_LINES : HELDOUT_LINES;
if (run.outcomes.some((o) => !o.audio || o.biasedText === undefined || o.neuralRaw === undefined)) {
  throw new Error('The run lacks the recordings or the neural text: run run.ts again with the combined engine');
}

// 1. every recording decoded again with each bonus (kept beside the run, keyed by the bonuses)
const cacheFile = file.replace(/\.json$/, `-boosted-${boosts.join('_')}.json`);
type Decoded = { raw: string; boosted: string[] };
let decoded: Decoded[];
if (existsSync(cacheFile)) {
  decoded = JSON.parse(await readFile(cacheFile, 'utf8'));
  console.log(`Boosted decodes from ${cacheFile}`);
} else {
  const cpus = os.availableParallelism();
  const moonshine = new MoonshineRecognizer({ concurrency: cpus });
  let done = 0;
  const started = performance.now();
  decoded = await mapLimit(run.outcomes, cpus, async (o) => {
    const line = lines[o.line];
    const phrases = keywordPhrases(line.keywords, () => true, spokenForm(line.text).words).map((p) => p.spoken);
    const pcm = await decodeAudio(await readFile(o.audio ?? ''));
    const result = await moonshine.recognize(pcm, { phrases: [...new Set(phrases)], boosts });
    if (++done % 100 === 0)
      console.log(`  ${done}/${run.outcomes.length} in ${Math.round((performance.now() - started) / 1000)} s`);
    return { raw: result.raw, boosted: boosts.map((_, b) => result.boosted?.[b]?.raw ?? result.raw) };
  });
  await moonshine.close();
  await writeFile(cacheFile, JSON.stringify(decoded));
}

// 2. graded again for each bonus, with the boosted evidence under the line gate or without one
function regrade(boost: number | undefined, gated: boolean) {
  const tally = new RegradeTally();
  run.outcomes.forEach((o, i) => {
    const line = lines[o.line];
    const phrases = keywordPhrases(line.keywords, () => true, spokenForm(line.text).words);
    const spotted = acceptedPhrases(phrases, o.phrases, DEFAULT_SPOTTING);
    const biased = { text: o.biasedText ?? '', words: [], ...(spotted.length ? { spotted } : {}) };
    const d = decoded[i];
    const boostedRaw = boost === undefined ? undefined : d.boosted[boosts.indexOf(boost)];
    const neural = spokenText(d.raw);
    let t = combineTranscripts(biased, neural, {
      expected: line.text,
      phrases,
      ...(boostedRaw !== undefined && gated ? { boosted: spokenText(boostedRaw) } : {}),
    });
    if (boostedRaw !== undefined && !gated) {
      // the boosted decode's keywords without the gate: the combination ungated, merged
      const loose = combineTranscripts(biased, neural, {
        expected: line.text,
        phrases,
        gate: 0,
        boosted: spokenText(boostedRaw),
      });
      const only = combineTranscripts(biased, neural, { expected: line.text, phrases, gate: 0 });
      const extra = (loose.spotted ?? []).filter((p) => !(only.spotted ?? []).includes(p));
      t = { ...t, spotted: [...new Set([...(t.spotted ?? []), ...extra])] };
    }
    tally.grade(o, t, line.keywords);
  });
  return tally.result();
}

const pc = percent;
console.log(`${run.outcomes.length} recordings of the ${run.info.set} set (${file}); line gate ${LINE_GATE}`);
const show = (label: string, boost: number | undefined, gated: boolean) => {
  const m = regrade(boost, gated);
  console.log(
    `${label.padEnd(24)} recall ${pc(m.recall)} (project voices ${pc(m.project)})  accents at pink 10 dB: mean ${pc(m.mean)}, worst ${pc(m.worst)}  false keywords ${m.falseKw} (${pc(m.falseRate)})  wrong passes ${m.wrongPasses}`,
  );
};
show('no boosted decode', undefined, true);
for (const boost of boosts) {
  show(`bonus ${boost}, gated`, boost, true);
  show(`bonus ${boost}, no gate`, boost, false);
}
