/**
 * What the neural recogniser's keyword bonus (KEYWORD_BOOST, stt-moonshine.ts; issue 14) puts in a learner's
 * mouth: the dev set's near misses (corpus-near.ts: each line with its keywords swapped, "Tuesday" for
 * "Thursday") in every bench voice, over the clean noise floor and in pink noise at 10 dB, decoded by Moonshine
 * with the line's keyword phrases boosted, for a grid of bonuses. A keyword the grader finds in a boosted
 * decode is a substitution the bonus would credit: the line's plain text heard enough of the line for the
 * combination's gate (stt-combine.ts) to let it through, which a near miss nearly always does. Run from bench/:
 *   tsx speech/robustness/calibrate-near.ts [--boosts 2,3,4,6]
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { decodeAudio } from '../../../apps/server/src/modules/speech/engines/stt-audio';
import { LINE_GATE, lineHeard } from '../../../apps/server/src/modules/speech/engines/stt-combine';
import { MoonshineRecognizer } from '../../../apps/server/src/modules/speech/engines/stt-moonshine';
import { keywordPhrases } from '../../../apps/server/src/modules/speech/engines/stt-spot';
import { spokenForm } from '../../../apps/server/src/modules/speech/engines/stt-text';
import { gradeLine } from '../../../packages/shared/src/grading/index';
import { mapLimit } from '../stats';
import { CONDITIONS, Conditioner } from './conditions';
import { DEV_LINES } from './corpus-dev';
import { NEAR_MISSES } from './corpus-near';
import { FileCache } from './file-cache';
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
const results = await mapLimit(plan, cpus, async ({ near, voice, condition }, i) => {
  const leveled = await conditioner.level(await synth.synthesize(near.text, voice));
  const file = await conditioner.make(leveled, condition, [], i);
  const line = DEV_LINES[near.line];
  const phrases = keywordPhrases(line.keywords, () => true, spokenForm(line.text).words).map((p) => p.spoken);
  const result = await moonshine.recognize(await decodeAudio(await readFile(file)), {
    phrases: [...new Set(phrases)],
    boosts,
  });
  const found = (text: string) => gradeLine({ transcript: text, keywords: line.keywords }).correctKeywords;
  return {
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
