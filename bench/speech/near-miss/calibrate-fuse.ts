/**
 * The near-miss set graded again through the product's fusion (stt-fuse.ts) for a grid of WELL_HEARD values
 * and with the veto off (issue 14's fusion), from a run's details file, without decoding again (issue 30).
 * Prints, per setting, the swapped keyword credited on near misses (all, and per kind of fact), near misses
 * passing their line, and keyword recall on the right answers. Run from bench/:
 *   tsx speech/near-miss/calibrate-fuse.ts [--details FILE]
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_FUSION, type FuseSettings } from '../../../apps/server/src/modules/speech/engines/fusion/stt-fuse';
import { fuseAgain } from '../robustness/calibrate-fuse';
import { gradeAsProduct, percent } from '../robustness/regrade-tally';
import { NEAR_MISS_LINES, passCheck } from './corpus';
import type { Details } from './report';

const { values: opts } = parseArgs({
  options: {
    details: {
      type: 'string',
      default: path.join(os.tmpdir(), 'simcentre-speech-robustness', 'near-miss-details.json'),
    },
    list: { type: 'string' },
  },
});
const details: Details = JSON.parse(await readFile(opts.details, 'utf8'));
const lines = new Map(NEAR_MISS_LINES.map((l) => [l.id, l]));

function regrade(settings: FuseSettings, list = false) {
  let near = 0;
  let credited = 0;
  let nearPassChecked = 0;
  let nearPassed = 0;
  let found = 0;
  let entries = 0;
  const kinds = new Map<string, { near: number; credited: number }>();
  for (const r of details.recordings) {
    const line = lines.get(r.line);
    if (!line) continue;
    const graded = gradeAsProduct(fuseAgain(r.decoded, line, settings), line.keywords);
    if (r.kind === 'right') {
      found += graded.correctKeywords.length;
      entries += line.keywords.length;
      continue;
    }
    near++;
    const hit = graded.correctKeywords.includes(r.swapped ?? '');
    if (hit) credited++;
    if (hit && list) console.log(`  credited: ${r.voice} ${r.condition} "${r.said}" → "${r.decoded.text}"`);
    const k = kinds.get(r.fact ?? '?') ?? { near: 0, credited: 0 };
    k.near++;
    if (hit) k.credited++;
    kinds.set(r.fact ?? '?', k);
    if (passCheck(line)) {
      nearPassChecked++;
      if (graded.passed) nearPassed++;
    }
  }
  const byKind = [...kinds].map(([k, v]) => `${k} ${v.credited}/${v.near}`).join(', ');
  return `near misses credited ${credited}/${near} (${percent(credited / near)}), passing ${nearPassed}/${nearPassChecked}; right answers' recall ${found}/${entries} (${percent(found / entries)})\n    ${byKind}`;
}

console.log(`${details.recordings.length} recordings from ${opts.details}`);
console.log(`no veto (issue 14): ${regrade({ ...DEFAULT_FUSION, veto: 'off' })}`);
for (const soundAlike of ['off', 'proper', 'any'] as const)
  for (const boostedRescues of ['always', 'never'] as const) {
    for (const wellHeard of [0.3, 0.5, 0.7]) {
      const label = `sound-alike ${soundAlike}, well heard ${wellHeard}, boosted rescues ${boostedRescues}`;
      console.log(
        `${label}: ${regrade({ ...DEFAULT_FUSION, soundAlike, wellHeard, boostedRescues }, opts.list === label)}`,
      );
    }
  }
