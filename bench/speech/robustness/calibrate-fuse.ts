/**
 * Calibration of the fusion's veto (WELL_HEARD, stt-fuse.ts; issue 30) without decoding again: grades the raw
 * results of robustness runs (`last-<set>.json` of run.ts, made with the neural recogniser and the boosted
 * decode) again through fuse(), as the product fuses them, for a grid of WELL_HEARD values and with the veto
 * off (issue 14's fusion). Recall must not fall (the accents at pink 10 dB, the project voices) while the
 * near misses (bench/speech/near-miss, which prints its own figures) lose their credit. Run from bench/
 * (the dev set: the held-out set is not tuned on):
 *   tsx speech/robustness/calibrate-fuse.ts FILE.json [FILE.json ...]
 */
import { readFile } from 'node:fs/promises';
import {
  DEFAULT_FUSION,
  type FuseSettings,
  fuse,
} from '../../../apps/server/src/modules/speech/engines/fusion/stt-fuse';
import { compileLine } from '../../../apps/server/src/modules/speech/engines/fusion/stt-line-target';
import { spokenText } from '../../../apps/server/src/modules/speech/engines/moonshine/stt-moonshine';
import {
  DEFAULT_SPOTTING,
  searchedPhrases,
} from '../../../apps/server/src/modules/speech/engines/pocketsphinx/stt-spot';
import { DEV_LINES } from './corpus-dev';
import { HELDOUT_LINES } from './corpus-heldout';
import { percent, RegradeTally } from './regrade-tally';
import type { Outcome } from './tally';

/** What the engines heard of one recording, as the runs keep it. */
export interface RawDecode {
  phrases?: { phrase: string; post: number }[];
  biasedText?: string;
  neuralRaw?: string;
  neuralBoostedRaw?: string;
}

/** One recording fused again as the product fuses it (without pocketsphinx's word times: grading needs none). */
export function fuseAgain(
  raw: RawDecode,
  line: { text: string; keywords: readonly string[] },
  settings: FuseSettings = DEFAULT_FUSION,
) {
  const target = compileLine({ expected: line.text, keywords: line.keywords });
  const searched = searchedPhrases(target.phrases, raw.phrases, DEFAULT_SPOTTING);
  const neural =
    raw.neuralRaw === undefined
      ? undefined
      : {
          text: spokenText(raw.neuralRaw),
          raw: raw.neuralRaw,
          ...(raw.neuralBoostedRaw !== undefined ? { boosted: spokenText(raw.neuralBoostedRaw) } : {}),
        };
  return fuse(target, { biased: { text: raw.biasedText ?? '', words: [], searched }, neural }, settings);
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const files = process.argv.slice(2);
  if (!files.length) throw new Error('usage: calibrate-fuse.ts FILE.json [...]');
  const runs: { info: { set: 'dev' | 'heldout' }; outcomes: Outcome[] }[] = await Promise.all(
    files.map(async (f) => JSON.parse(await readFile(f, 'utf8'))),
  );
  const outcomes = runs.flatMap((r) => r.outcomes.map((o) => ({ ...o, set: r.info.set })));
  if (outcomes.some((o) => o.neuralRaw === undefined || o.biasedText === undefined)) {
    throw new Error('These runs were made without the neural recogniser (--engine pocketsphinx): nothing to fuse');
  }
  const regrade = (settings: FuseSettings) => {
    const tally = new RegradeTally();
    for (const o of outcomes) {
      const line = (o.set === 'dev' ? DEV_LINES : HELDOUT_LINES)[o.line];
      tally.grade(o, fuseAgain(o, line, settings), line.keywords);
    }
    return tally.result();
  };
  console.log(`${outcomes.length} recordings from ${files.join(', ')}`);
  const show = (label: string, settings: FuseSettings) => {
    const m = regrade(settings);
    console.log(
      `${label.padEnd(22)} recall ${percent(m.recall)} (project voices ${percent(m.project)})  accents at pink 10 dB: mean ${percent(m.mean)}, worst ${percent(m.worst)}  false keywords ${m.falseKw} (${percent(m.falseRate)})  wrong passes ${m.wrongPasses}`,
    );
  };
  show('no veto (issue 14)', { ...DEFAULT_FUSION, veto: 'off' });
  for (const soundAlike of ['off', 'proper', 'any'] as const)
    for (const boostedRescues of ['always', 'never'] as const) {
      for (const wellHeard of [0.3, 0.5, 0.7]) {
        show(`alike ${soundAlike} ${wellHeard} ${boostedRescues}`, {
          ...DEFAULT_FUSION,
          soundAlike,
          wellHeard,
          boostedRescues,
        });
      }
    }
}
