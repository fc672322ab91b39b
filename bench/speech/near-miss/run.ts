/**
 * Near-miss bench (issue 30, "no credit for a fact not said"): the lines of corpus.ts and their near misses
 * (one keyword's fact swapped: "fifty" for "fifteen", "Doctor Patton" for "Doctor Patel"), synthesized in
 * several voices and conditions, recognised and graded exactly as the product grades a learner's line.
 * Prints, per kind of fact, how often the swapped keyword is credited and whether a near miss passes its
 * line, with the right answers' recall on the same lines; keeps every decode in a details file (printed) that
 * regrade.ts grades again without decoding. Run from bench/:
 *   tsx speech/near-miss/run.ts [--voices en-us,Joey] [--conditions floor,pink10] [--limit N] [--out FILE]
 *                               [--kinds name,plan] [--as-before] [--verbose]
 * --limit N: the first N near misses taken across the kinds of fact in turn, with their lines' right answers.
 * --kinds: only the near misses of these kinds of fact (FACT_KINDS), with their lines' right answers.
 * A run with --voices, --conditions, --limit or --kinds is a subset: it writes the results file only with --out; a
 * full run writes the "Near misses" section of bench/results/speech.md.
 */

import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { run as runProcess } from '../../../apps/server/src/lib/process';
import { MoonshineRecognizer } from '../../../apps/server/src/modules/speech/engines/moonshine/stt-moonshine';
import { SpeechRecognizer } from '../../../apps/server/src/modules/speech/engines/recognizer';
import { recognitionHints } from '../../../packages/shared/src/grading/index';
import { wavInfo } from '../robustness/audio';
import { CONDITIONS, Conditioner, type Leveled } from '../robustness/conditions';
import { FileCache, hashOf } from '../robustness/file-cache';
import { pausedSeconds, waitQuiet } from '../robustness/quiet';
import { type BenchVoice, espeakVersion, resolveVoices, Synthesizer } from '../robustness/voices';
import { mapLimit } from '../stats';
import { FACT_KINDS, type FactKind, type NearMiss, type NearMissLine, nearMisses } from './corpus';
import { decodedOf, EVIDENCE, type Evidence, gradeDecoded, PRODUCT_SETTINGS, regrade } from './grade';
import { type Detail, type Details, type RunInfo, report, saveAsBefore, writeSection } from './report';

/**
 * Voices: four espeak-ng accents, two of them used by no other bench (New York City, Received Pronunciation),
 * and two project voices (festival's HTS woman, flite's man).
 */
export const NEAR_MISS_VOICES = ['en-us', 'en-gb', 'en-us-nyc', 'en-gb-x-rp', 'Kendra', 'Joey'];
/** Conditions: a quiet room, pink noise at 10 dB, a telephone line. */
export const NEAR_MISS_CONDITIONS = ['floor', 'pink10', 'phone'];
const REPO = path.resolve(import.meta.dirname, '../../..');
/** the files whose change changes what the bench measures */
const ENGINE_PATHS = ['apps/server/src/modules/speech', 'apps/server/native', 'packages/shared/src/grading'];

const { values: opts } = parseArgs({
  options: {
    voices: { type: 'string' },
    conditions: { type: 'string' },
    limit: { type: 'string' },
    kinds: { type: 'string' },
    out: { type: 'string' },
    'as-before': { type: 'boolean', default: false },
    cache: { type: 'string', default: path.join(os.tmpdir(), 'simcentre-speech-robustness') },
    verbose: { type: 'boolean', default: false },
    /** describes the engine measured, instead of the git state (e.g. a snapshot of a commit outside the repository) */
    'engine-note': { type: 'string' },
  },
});

/** One recording of the plan: a right answer or a near miss, in a voice and a condition. */
interface Planned {
  kind: 'right' | 'near';
  line: NearMissLine;
  near?: NearMiss;
  text: string;
  voice: BenchVoice;
  condition: (typeof CONDITIONS)[number];
}

const started = performance.now();
const cpus = os.availableParallelism();
const kinds = opts.kinds?.split(',').map((k) => k.trim());
for (const k of kinds ?? []) {
  if (!(k in FACT_KINDS)) throw new Error(`Unknown kind of fact "${k}": ${Object.keys(FACT_KINDS).join(', ')}`);
}
const allMisses = nearMisses().filter((m) => !kinds || kinds.includes(m.kind));
const limit = opts.limit === undefined ? allMisses.length : Number(opts.limit);
if (!(limit > 0)) throw new Error('--limit must be a positive number');
const misses = takeAcrossKinds(allMisses, limit);
const lines = [...new Set(misses.map((m) => m.line))];
const conditions = (opts.conditions?.split(',') ?? NEAR_MISS_CONDITIONS).map((id) => {
  const found = CONDITIONS.find((c) => c.id === id.trim());
  if (!found) throw new Error(`Unknown condition "${id}": ${CONDITIONS.map((c) => c.id).join(', ')}`);
  return found;
});
const voices = await resolveVoices(opts.voices?.split(',').map((v) => v.trim()) ?? NEAR_MISS_VOICES);
const subset = Boolean(opts.voices || opts.conditions || opts.limit || opts.kinds);
const outFile = opts.out ?? (subset ? undefined : path.join(REPO, 'bench/results/speech.md'));

const cache = new FileCache(path.join(opts.cache, 'audio'));
const espeak = await espeakVersion();
const synth = new Synthesizer(cache, espeak, cpus);
const conditioner = new Conditioner(cache);
// biased models are built afresh for each run, so that a changed engine never meets models of an older one
await mkdir(opts.cache, { recursive: true });
const modelDir = await mkdtemp(path.join(opts.cache, 'models-'));
process.on('exit', () => rmSync(modelDir, { recursive: true, force: true }));
// the neural recogniser decodes one recording at a time (as the robustness bench), the decoders `cpus` at once
const moonshine = new MoonshineRecognizer({ concurrency: 1 });
const stt = new SpeechRecognizer({ concurrency: cpus, cacheDir: modelDir, neural: moonshine });
const engineAtStart = await engineState();
for (const s of [...(await synth.status()), ...(await stt.status())]) {
  console.log(`${s.available ? 'found  ' : 'MISSING'} ${s.name}: ${s.detail}`);
}

// 1. the plan: every right answer and near miss in every voice and condition
const plan: Planned[] = conditions.flatMap((condition) =>
  voices.flatMap((voice) => [
    ...lines.map((line) => ({ kind: 'right' as const, line, text: line.text, voice, condition })),
    ...misses.map((near) => ({ kind: 'near' as const, line: near.line, near, text: near.text, voice, condition })),
  ]),
);
const nearCount = plan.filter((p) => p.kind === 'near').length;
console.log(
  `\n${lines.length} lines, ${misses.length} near misses × ${voices.length} voices × ${conditions.length} conditions: ${nearCount} near-miss recordings, ${plan.length - nearCount} right answers; preparing audio (cache ${opts.cache})...`,
);

// 2. synthesis and conditioning (cached, shared with the robustness bench's audio cache)
const leveled = new Map<string, Promise<Leveled>>();
function level(text: string, voice: BenchVoice): Promise<Leveled> {
  const key = `${voice.id}\n${text}`;
  let job = leveled.get(key);
  if (!job) {
    job = synth.synthesize(text, voice).then((file) => conditioner.level(file));
    leveled.set(key, job);
  }
  return job;
}
const prepStarted = performance.now();
const files = await mapLimit(plan, cpus, async (rec) => {
  await waitQuiet();
  const seed = Number.parseInt(hashOf(rec.text, rec.voice.id).slice(0, 8), 16);
  return conditioner.make(await level(rec.text, rec.voice), rec.condition, [], seed);
});
console.log(
  `Audio ready in ${((performance.now() - prepStarted) / 1000).toFixed(1)} s (${cache.made} files made, ${cache.reused} reused).`,
);

// 3. recognition and grading, as the product grades a learner's line
console.log(`Recognising ${plan.length} recordings (${cpus} at once)...`);
const decodeStarted = performance.now();
let done = 0;
const details: Detail[] = await mapLimit(plan, cpus, async (rec, i) => {
  await waitQuiet();
  const audio = await readFile(files[i]);
  const hints = recognitionHints({ script: rec.line.text, keywords: rec.line.keywords, tests: [] });
  const decoded = decodedOf(await stt.transcribeWithStats(audio, hints));
  const graded = gradeDecoded(rec.line, decoded);
  const again = regrade(rec.line, decoded);
  const detail: Detail = {
    kind: rec.kind,
    line: rec.line.id,
    ...(rec.near ? { nearMiss: rec.near.id, fact: rec.near.kind, swapped: rec.near.keyword } : {}),
    voice: rec.voice.id,
    condition: rec.condition.id,
    said: rec.text,
    credited: graded.correctKeywords,
    passed: graded.passed,
    evidence: again.evidence,
    regradeAgrees:
      again.graded.passed === graded.passed &&
      again.graded.correctKeywords.join('\n') === graded.correctKeywords.join('\n'),
    cpu: decoded.cpuSeconds,
    seconds: wavInfo(audio).seconds,
    audio: files[i],
    decoded,
  };
  const creditedSwap = rec.near && detail.credited.includes(rec.near.keyword);
  if (opts.verbose || creditedSwap) {
    const verdict = rec.near
      ? `${creditedSwap ? `CREDITED "${rec.near.keyword}" by ${evidenceNames(detail.evidence, rec.near.keyword)}` : 'not credited'}${detail.passed ? ' (PASSES)' : ''}`
      : `found ${detail.credited.length}/${rec.line.keywords.length}${detail.passed ? '' : ' (fails)'}`;
    console.log(
      `  [${rec.kind} ${rec.voice.id} ${rec.condition.id}] "${rec.text}"\n      → "${decoded.text}"${decoded.spotted ? ` spotted: ${decoded.spotted.join(', ')}` : ''} | ${verdict}`,
    );
  }
  done++;
  if (!opts.verbose && done % Math.max(1, Math.round(plan.length / 10)) === 0) {
    console.log(`  ${done}/${plan.length} (${((performance.now() - decodeStarted) / 1000).toFixed(0)} s)`);
  }
  return detail;
});

// 4. report
const engineChanged = (await engineState()) !== engineAtStart;
const info: RunInfo = {
  date: new Date().toISOString(),
  command: [
    'tsx speech/near-miss/run.ts',
    ...process.argv.slice(2).map((a) => (/[\s"']/.test(a) ? JSON.stringify(a) : a)),
  ].join(' '),
  machine: await machine(),
  engine: `${opts['engine-note'] ?? (await engineDescription())}${engineChanged ? ' (ENGINE CHANGED DURING THE RUN)' : ''}; recognition as the product does it (Moonshine tiny's text, its boosted decode's keywords and pocketsphinx's keyword search and biased 1-best, fused by fusion/stt-fuse.ts)`,
  espeak,
  voices: voices.map((v) => ({ id: v.id, label: v.label })),
  conditions: conditions.map((c) => ({ id: c.id, label: c.label })),
  lines: lines.length,
  nearMisses: misses.length,
  wall: (performance.now() - started) / 1000 - pausedSeconds(),
  paused: pausedSeconds(),
};
await moonshine.close();
const tables = report(details, info);
console.log(`\n${tables}`);
const disagree = details.filter((d) => !d.regradeAgrees).length;
console.log(
  `regrade.ts with the product's settings agrees with the product's grade on ${details.length - disagree} of ${details.length} recordings${disagree ? ' (the others: the engine gathers its evidence otherwise than grade.ts rebuilds it)' : ''}.`,
);
const detailsFile = path.join(opts.cache, subset ? 'near-miss-details-subset.json' : 'near-miss-details.json');
const kept: Details = { info, settings: PRODUCT_SETTINGS, recordings: details };
await writeFile(detailsFile, JSON.stringify(kept, null, 1));
console.log(`Every decode (raw outputs, evidence, grade): ${detailsFile}`);
console.log(`Grade them again without decoding: tsx speech/near-miss/regrade.ts --details ${detailsFile} [settings]`);
const beforeFile = path.join(import.meta.dirname, 'before.md');
if (opts['as-before']) {
  const engine =
    opts['engine-note'] ?? `engine of commit ${(await git(['rev-parse', '--short', 'HEAD'])) || 'unknown'}`;
  await saveAsBefore(beforeFile, tables, `### Before (${engine})`);
  console.log(`Kept as the "before" tables in ${path.relative(process.cwd(), beforeFile)}`);
}
if (outFile) {
  await writeSection(outFile, beforeFile, tables);
  console.log(`Written to the "Near misses" section of ${path.relative(process.cwd(), outFile)}`);
} else {
  console.log('Subset run: results file not written (pass --out FILE to write one).');
}
process.exit(0);

/** The first `n` near misses, taken across the kinds of fact in turn (a quick run sees every kind). */
function takeAcrossKinds(all: readonly NearMiss[], n: number): NearMiss[] {
  const byKind = (Object.keys(FACT_KINDS) as FactKind[]).map((k) => all.filter((m) => m.kind === k));
  const out: NearMiss[] = [];
  for (let i = 0; out.length < Math.min(n, all.length); i++) {
    for (const kind of byKind) if (kind[i] && out.length < n) out.push(kind[i]);
  }
  return out;
}

function evidenceNames(e: Evidence, entry: string): string {
  const names = EVIDENCE.filter((k) => e[k].includes(entry));
  return names.join(' + ') || 'nothing grade.ts rebuilds';
}

async function git(args: string[]): Promise<string> {
  return runProcess('git', ['-C', REPO, ...args])
    .then((r) => r.stdout.toString('utf8').trim())
    .catch(() => '');
}

/** A digest of the engine's and grader's files as they are on disk (committed or not). */
async function engineState(): Promise<string> {
  const listed = (await git(['ls-files', '-co', '--exclude-standard', '--', ...ENGINE_PATHS])).split('\n').sort();
  const contents = await Promise.all(listed.map((f) => readFile(path.join(REPO, f)).catch(() => f)));
  return hashOf(...listed, ...contents);
}

/** The commit, and whether the speech engine or the grader differ from it (work in progress measured). */
async function engineDescription(): Promise<string> {
  const commit = (await git(['rev-parse', '--short', 'HEAD'])) || 'unknown';
  const changed = (await git(['status', '--porcelain', '--', ...ENGINE_PATHS])).split('\n').filter(Boolean);
  return changed.length
    ? `commit ${commit} with ${changed.length} engine/grader files changed (state ${engineAtStart.slice(0, 8)})`
    : `commit ${commit}, engine and grader as committed`;
}

async function machine(): Promise<string> {
  const cpuinfo = await readFile('/proc/cpuinfo', 'utf8').catch(() => '');
  const model = /model name\s*:\s*(.*)/.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? 'unknown CPU';
  return `nproc ${cpus}, ${model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`;
}
