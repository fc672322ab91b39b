/**
 * What the neural recogniser's keyword bonus (KEYWORD_BOOST, stt-moonshine.ts; issue 14) puts in a learner's
 * mouth: the dev set's near misses (corpus-near.ts: each line with its keywords swapped, "Tuesday" for
 * "Thursday") in every bench voice, over the clean noise floor and in pink noise at 10 dB, decoded by Moonshine
 * with the line's keyword phrases boosted, for a grid of bonuses. A keyword the grader finds in a boosted
 * decode is a substitution the bonus would credit: the line's plain text heard enough of the line for the
 * combination's gate (stt-combine.ts) to let it through, which a near miss nearly always does. Each recording is
 * also graded as the product grades it (pocketsphinx's keyword search and biased 1-best under the gate, and
 * Moonshine's boosted decode at KEYWORD_BOOST: `SpeechRecognizer` then `gradeLine`). Run from bench/:
 *   tsx speech/robustness/calibrate-near.ts [--boosts 2,3,4,6]
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { decodeAudio } from '../../../apps/server/src/modules/speech/engines/audio/stt-audio';
import { LINE_GATE, lineHeard } from '../../../apps/server/src/modules/speech/engines/fusion/stt-combine';
import {
  KEYWORD_BOOST,
  MoonshineRecognizer,
} from '../../../apps/server/src/modules/speech/engines/moonshine/stt-moonshine';
import { keywordPhrases } from '../../../apps/server/src/modules/speech/engines/pocketsphinx/stt-spot';
import { SpeechRecognizer } from '../../../apps/server/src/modules/speech/engines/recognizer';
import { spokenForm } from '../../../apps/server/src/modules/speech/engines/stt-text';
import { gradeLine, recognitionHints } from '../../../packages/shared/src/grading/index';
import { mapLimit } from '../stats';
import { CONDITIONS, Conditioner } from './conditions';
import { DEV_LINES } from './corpus-dev';
import { NEAR_MISSES } from './corpus-near';
import { FileCache } from './file-cache';
import { gradeAsProduct } from './regrade-tally';
import { DEFAULT_VOICES, espeakVersion, resolveVoices, Synthesizer } from './voices';

const { values: opts } = parseArgs({
  options: {
    boosts: { type: 'string', default: '2,3,4,6' },
    cache: { type: 'string', default: path.join(os.tmpdir(), 'simcentre-speech-robustness') },
  },
});
const boosts = opts.boosts.split(',').map(Number);
if (!boosts.every((b) => b > 0)) throw new Error('--boosts: positive numbers');
const cpus = os.availableParallelism();
const cache = new FileCache(path.join(opts.cache, 'audio'));
const synth = new Synthesizer(cache, await espeakVersion(), cpus);
const conditioner = new Conditioner(cache);
const voices = await resolveVoices(DEFAULT_VOICES);
const conditions = CONDITIONS.filter((c) => c.id === 'floor' || c.id === 'pink10');
const plan = conditions.flatMap((condition) =>
  voices.flatMap((voice) => NEAR_MISSES.map((near) => ({ near, voice, condition }))),
);
const moonshine = new MoonshineRecognizer({ concurrency: cpus });
const modelDir = await mkdtemp(path.join(opts.cache, 'models-'));
const stt = new SpeechRecognizer({ concurrency: cpus, cacheDir: modelDir, neural: moonshine });
const results = await mapLimit(plan, cpus, async ({ near, voice, condition }, i) => {
  const leveled = await conditioner.level(await synth.synthesize(near.text, voice));
  const file = await conditioner.make(leveled, condition, [], i);
  const line = DEV_LINES[near.line];
  const phrases = keywordPhrases(line.keywords, () => true, spokenForm(line.text).words).map((p) => p.spoken);
  const wav = await readFile(file);
  const result = await moonshine.recognize(await decodeAudio(wav), { phrases: [...new Set(phrases)], boosts });
  const found = (text: string) => gradeLine({ transcript: text, keywords: line.keywords }).correctKeywords;
  const product = await stt.transcribeWithStats(
    wav,
    recognitionHints({ script: line.text, keywords: line.keywords, tests: [] }),
  );
  const graded = gradeAsProduct(product.transcript, line.keywords);
  return {
    product: { found: graded.correctKeywords, passed: graded.passed, text: product.transcript.text },
    entries: line.keywords.length,
    gated: lineHeard(line.text, result.text) >= LINE_GATE,
    plain: found(result.text),
    boosted: (result.boosted ?? []).map((b) => ({ boost: b.boost, found: found(b.text), text: b.text })),
    voice: voice.id,
    condition: condition.id,
    said: near.text,
  };
});
await moonshine.close();
await rm(modelDir, { recursive: true, force: true });

const entries = results.reduce((a, r) => a + r.entries, 0);
const gatedShare = results.filter((r) => r.gated).length / results.length;
console.log(
  `${results.length} near misses (${NEAR_MISSES.length} dev lines × ${voices.length} voices × ${conditions.map((c) => c.id).join(', ')}), ${entries} keyword entries; ${(100 * gatedShare).toFixed(0)}% pass the line gate`,
);
const plainFalse = results.reduce((a, r) => a + (r.gated ? r.plain.length : 0), 0);
console.log(
  `plain text: ${plainFalse}/${entries} keyword entries credited (${((100 * plainFalse) / entries).toFixed(1)}%)`,
);
boosts.forEach((boost, b) => {
  const credited = results.filter((r) => r.gated && r.boosted[b].found.length > r.plain.length);
  const n = results.reduce((a, r) => a + (r.gated ? r.boosted[b].found.length : 0), 0);
  console.log(`bonus ${boost}: ${n}/${entries} keyword entries credited (${((100 * n) / entries).toFixed(1)}%)`);
  for (const r of credited) {
    console.log(
      `    [${r.voice} ${r.condition}] "${r.said}" → "${r.boosted[b].text}": ${r.boosted[b].found.join(', ')}`,
    );
  }
});
const credited = results.reduce((a, r) => a + r.product.found.length, 0);
const passing = results.filter((r) => r.product.passed).length;
console.log(
  `the product's grade (bonus ${KEYWORD_BOOST}): ${credited}/${entries} keyword entries credited (${((100 * credited) / entries).toFixed(1)}%), ${passing} of ${results.length} near misses pass their line`,
);
for (const r of results.filter((x) => x.product.found.length)) {
  console.log(`    [${r.voice} ${r.condition}] "${r.said}" → "${r.product.text}": ${r.product.found.join(', ')}`);
}
