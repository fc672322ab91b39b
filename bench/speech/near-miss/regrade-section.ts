/**
 * Writes the "Near misses" section of bench/results/speech.md from a full run's details file, grading every
 * decode again through the product's fusion (fusion/stt-fuse.ts) without decoding (issue 30):
 * - "Before": the fusion with its veto off, which is the fusion of issue 14 (the engines' raw outputs do not
 *   depend on the fusion: robustness/calibrate-fuse.ts reproduces issue 14's published figures exactly);
 * - "Latest run": the product's fusion (DEFAULT_FUSION).
 * Used when the run's engine and the fusion to report differ (a run started before the fusion was settled).
 * Run from bench/:  tsx speech/near-miss/regrade-section.ts [--details FILE] [--out ../bench/results/speech.md]
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_FUSION, type FuseSettings } from '../../../apps/server/src/modules/speech/engines/fusion/stt-fuse';
import { fuseAgain } from '../robustness/calibrate-fuse';
import { gradeAsProduct } from '../robustness/regrade-tally';
import { NEAR_MISS_LINES } from './corpus';
import { type Details, report, saveAsBefore, writeSection } from './report';

const { values: opts } = parseArgs({
  options: {
    details: {
      type: 'string',
      default: path.join(os.tmpdir(), 'simcentre-speech-robustness', 'near-miss-details.json'),
    },
    out: { type: 'string', default: path.resolve(import.meta.dirname, '../../results/speech.md') },
  },
});
const details: Details = JSON.parse(await readFile(opts.details, 'utf8'));
const lines = new Map(NEAR_MISS_LINES.map((l) => [l.id, l]));

function graded(settings: FuseSettings) {
  return details.recordings.map((r) => {
    const line = lines.get(r.line);
    if (!line) throw new Error(`Unknown line ${r.line} in ${opts.details}`);
    const g = gradeAsProduct(fuseAgain(r.decoded, line, settings), line.keywords);
    return { ...r, credited: g.correctKeywords, passed: g.passed };
  });
}

const note = (what: string) => ({ ...details.info, engine: `${details.info.engine}; ${what}` });
const beforeFile = path.join(import.meta.dirname, 'before.md');
const before = report(
  graded({ ...DEFAULT_FUSION, veto: 'off' }),
  note('graded with the fusion of issue 14 (veto off)'),
);
await saveAsBefore(
  beforeFile,
  before,
  '### Before (the fusion of issue 14: the same decodes graded with the veto off, as commit 738e846 grades them)',
);
const latest = report(
  graded(DEFAULT_FUSION),
  note(`graded with the product's fusion (fusion/stt-fuse.ts: ${JSON.stringify(DEFAULT_FUSION)})`),
);
await writeSection(opts.out, beforeFile, latest);
console.log(`${latest}\nWritten to the "Near misses" section of ${opts.out}`);
