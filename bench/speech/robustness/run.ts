/**
 * Robustness bench (issue 14, point 5): call-centre lines spoken in several accents (espeak-ng variants)
 * and by the project's voices, in noise, babble, telephone band and digital silence, transcribed and
 * graded exactly as Try Test does it. Run from bench/:
 *   tsx speech/robustness/run.ts [--set dev|heldout] [--voices en-us,Joey] [--conditions silence,pink10]
 *                                [--lines N] [--wrong-voices N] [--adapt [--enrol floor|same]] [--out FILE]
 *                                [--as-before] [--verbose]
 * A run with --voices, --conditions, --lines or --wrong-voices is a subset: it writes the results file
 * only when --out is given.
 * --adapt: speaker adaptation first. Each voice of the run says the enrolment sentences (corpus-enrol.ts, a
 * learner's earlier recordings) over the clean noise floor; the engine adapts to that speaker from them
 * (MLLR, stt-adapt.ts) and every recording of the voice is decoded with that transform. Its results go to
 * their own "adapted" part of the results file, next to the unadapted ones.
 * --enrol same: the enrolment sentences are said in the condition of the recordings decoded with the
 * transform (one transform per voice and condition), as a learner's earlier recordings come from the same
 * microphone and room as their later ones; its results have a part of their own.
 */

import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { run as runProcess } from '../../../apps/server/src/lib/process';
import { MoonshineRecognizer } from '../../../apps/server/src/modules/speech/engines/moonshine/stt-moonshine';
import { SpeechRecognizer } from '../../../apps/server/src/modules/speech/engines/recognizer';
import type { RecognitionHints } from '../../../apps/server/src/modules/speech/engines/types';
import {
  DEFAULT_OVERALL_CONFIDENCE,
  type GradeLineInput,
  gradeLine,
  recognitionHints,
} from '../../../packages/shared/src/grading/index';
import { matchesKeyword } from '../match';
import { mapLimit } from '../stats';
import { wavInfo } from './audio';
import { BABBLE_TALKERS, CONDITIONS, type Condition, Conditioner, type Leveled } from './conditions';
import { DEV_LINES } from './corpus-dev';
import { ENROL_SENTENCES } from './corpus-enrol';
import { HELDOUT_LINES } from './corpus-heldout';
import { checkCorpus, type RobustnessLine, type SetName } from './corpus-types';
import { FileCache, hashOf } from './file-cache';
import { pausedSeconds, waitQuiet } from './quiet';
import { type Adaptation, type EnrolIn, method, partTitle, report, summarise } from './report';
import { type ExtraPart, SET_TITLES, saveAsBefore, writeBlock } from './results-block';
import type { Outcome } from './tally';
import { type BenchVoice, DEFAULT_VOICES, espeakVersion, resolveVoices, Synthesizer } from './voices';

const BEFORE_HEADING = '### Before (engine of 2026-11-24 morning)';
const REPO = path.resolve(import.meta.dirname, '../../..');

const { values: opts } = parseArgs({
  options: {
    set: { type: 'string', default: 'dev' },
    voices: { type: 'string' },
    conditions: { type: 'string' },
    lines: { type: 'string' },
    'wrong-voices': { type: 'string' },
    out: { type: 'string' },
    'as-before': { type: 'boolean', default: false },
    cache: { type: 'string', default: path.join(os.tmpdir(), 'simcentre-speech-robustness') },
    /** describes the engine measured, instead of the git state (e.g. a snapshot outside the repository) */
    'engine-note': { type: 'string' },
    verbose: { type: 'boolean', default: false },
    /** calibration: RecognizerOptions as JSON merged into the engine's (e.g. '{"spotting":{"latticePosterior":1.01}}') */
    'engine-options': { type: 'string' },
    /** only make the audio of the plan (into the cache), decode nothing */
    'prepare-only': { type: 'boolean', default: false },
    /** adapt the engine to each voice first (MLLR from the enrolment sentences, corpus-enrol.ts) */
    adapt: { type: 'boolean', default: false },
    /** where the enrolment sentences are said: over the clean noise floor, or in each recording's condition */
    enrol: { type: 'string', default: 'floor' },
    /** combined: the product's recognition (Moonshine's text, pocketsphinx's keyword search); pocketsphinx: alone */
    engine: { type: 'string', default: 'combined' },
  },
});

const started = performance.now();
const cpus = os.availableParallelism();
if (opts.set !== 'dev' && opts.set !== 'heldout') throw new Error('--set is dev or heldout');
const setName: SetName = opts.set;
const setLines = setName === 'dev' ? DEV_LINES : HELDOUT_LINES;
checkCorpus(setLines);
const lineCount = opts.lines ? Math.min(Number(opts.lines), setLines.length) : setLines.length;
if (!(lineCount > 0)) throw new Error('--lines must be a positive number');
const conditions = (opts.conditions?.split(',') ?? CONDITIONS.map((c) => c.id)).map((id) => {
  const found = CONDITIONS.find((c) => c.id === id.trim());
  if (!found) throw new Error(`Unknown condition "${id}": ${CONDITIONS.map((c) => c.id).join(', ')}`);
  return found;
});
const voices = await resolveVoices(opts.voices?.split(',').map((v) => v.trim()) ?? DEFAULT_VOICES);
const babbleVoices = await resolveVoices(DEFAULT_VOICES);
const wrongVoices = Math.min(voices.length, opts['wrong-voices'] ? Number(opts['wrong-voices']) : 2);
if (!(wrongVoices > 0)) throw new Error('--wrong-voices must be a positive number');
if (opts.engine !== 'combined' && opts.engine !== 'pocketsphinx')
  throw new Error('--engine is combined or pocketsphinx');
const engineKind: 'combined' | 'pocketsphinx' = opts.engine;
if (opts.enrol !== 'floor' && opts.enrol !== 'same') throw new Error('--enrol is floor or same');
const enrolIn: EnrolIn = opts.enrol;
if (enrolIn === 'same' && !opts.adapt) throw new Error('--enrol goes with --adapt');
if (opts.adapt && opts['as-before']) throw new Error('--as-before keeps unadapted tables only: drop --adapt');
const subset = Boolean(opts.voices || opts.conditions || opts.lines || opts['wrong-voices'] || opts['engine-options']);
const outFile = opts.out ?? (subset ? undefined : path.join(REPO, 'bench/results/speech.md'));

const cache = new FileCache(path.join(opts.cache, 'audio'));
const espeak = await espeakVersion();
const synth = new Synthesizer(cache, espeak, cpus);
const conditioner = new Conditioner(cache);
// biased models are built afresh for each run, so that a changed engine never meets models of an older one
await mkdir(opts.cache, { recursive: true });
const modelDir = await mkdtemp(path.join(opts.cache, 'models-'));
process.on('exit', () => rmSync(modelDir, { recursive: true, force: true }));
const engineOptions = opts['engine-options'] ? JSON.parse(opts['engine-options']) : {};
// the neural recogniser decodes one recording at a time, so that its CPU time (this process's) is its own
const stt = new SpeechRecognizer({
  ...engineOptions,
  concurrency: cpus,
  cacheDir: modelDir,
  neural: engineKind === 'pocketsphinx' ? false : new MoonshineRecognizer({ concurrency: 1 }),
});
/** the files whose change changes what the bench measures */
const ENGINE_PATHS = ['apps/server/src/modules/speech', 'apps/server/native', 'packages/shared/src/grading'];
const engineAtStart = await engine();
const engineStateAtStart = await engineState();
for (const s of [...(await synth.status()), ...(await stt.status())]) {
  console.log(`${s.available ? 'found  ' : 'MISSING'} ${s.name}: ${s.detail}`);
}

// 1. the plan: every line in every voice and condition; each wrong answer in `wrongVoices` voices per
//    condition, taken in turn so that every voice says every wrong answer across the conditions
interface Recording {
  kind: 'line' | 'wrong';
  line: number;
  voice: BenchVoice;
  condition: Condition;
  text: string;
}
const plan: Recording[] = [];
conditions.forEach((condition, ci) => {
  for (let line = 0; line < lineCount; line++) {
    const text = setLines[line].text;
    for (const voice of voices) plan.push({ kind: 'line', line, voice, condition, text });
    const step = Math.max(1, Math.floor(voices.length / wrongVoices));
    const speakers = new Set(Array.from({ length: wrongVoices }, (_, k) => (line + ci + k * step) % voices.length));
    for (const v of speakers)
      plan.push({ kind: 'wrong', line, voice: voices[v], condition, text: setLines[line].wrong });
  }
});

/** Other lines of the set that say none of the line's keywords: the babble behind that line's recordings. */
const babbleLines = setLines.map((line, li) =>
  setLines.filter(
    (other, oi) =>
      oi !== li &&
      !line.keywords.some((k) => matchesKeyword(other.text, k)) &&
      gradeLine({ transcript: other.text, keywords: line.keywords }).correctKeywords.length === 0,
  ),
);

/** Deterministic talkers of a recording's babble: other lines in other voices, chosen by a seeded shuffle. */
function talkersOf(rec: Recording): { text: string; voice: BenchVoice }[] {
  return talkersFrom(babbleLines[rec.line], rec);
}

/** Talkers saying `lines` (seeded by the recording), in voices other than the recording's. */
function talkersFrom(
  pool: readonly { text: string }[],
  rec: Pick<Recording, 'text' | 'voice'>,
): { text: string; voice: BenchVoice }[] {
  const random = seeded(seedOf(rec));
  const lines = shuffle(pool, random).slice(0, BABBLE_TALKERS);
  const others = shuffle(
    babbleVoices.filter((v) => v.id !== rec.voice.id),
    random,
  );
  return lines.map((l, i) => ({ text: l.text, voice: others[i % others.length] }));
}

const seedOf = (rec: Pick<Recording, 'text' | 'voice'>) =>
  Number.parseInt(hashOf(rec.text, rec.voice.id).slice(0, 8), 16);

// 2. synthesis and conditioning (cached)
console.log(
  `\nSet ${setName}: ${lineCount} lines × ${voices.length} voices × ${conditions.length} conditions, ${plan.filter((r) => r.kind === 'wrong').length} wrong-answer recordings; preparing audio (cache ${opts.cache})...`,
);
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
  const item = await level(rec.text, rec.voice);
  const talkers =
    rec.condition.kind === 'babble' ? await Promise.all(talkersOf(rec).map((t) => level(t.text, t.voice))) : [];
  return conditioner.make(item, rec.condition, talkers, seedOf(rec));
});
// the enrolment recordings of each voice (--adapt): its earlier recordings, over the clean noise floor or
// (--enrol same) in each condition of the run, babble made of other enrolment sentences
const FLOOR = CONDITIONS.find((c) => c.id === 'floor');
if (!FLOOR) throw new Error('The noise floor condition is missing');
const enrolConditions = enrolIn === 'same' ? conditions : [FLOOR];
const enrolKey = (voice: BenchVoice, condition: Condition) =>
  `${voice.id}\n${enrolIn === 'same' ? condition.id : FLOOR.id}`;
const enrolFiles = new Map<string, string[]>();
if (opts.adapt) {
  for (const voice of voices) {
    for (const condition of enrolConditions) {
      enrolFiles.set(
        enrolKey(voice, condition),
        await mapLimit(ENROL_SENTENCES, cpus, async (text) => {
          await waitQuiet();
          const talkers =
            condition.kind === 'babble'
              ? await Promise.all(
                  talkersFrom(
                    ENROL_SENTENCES.filter((t) => t !== text).map((t) => ({ text: t })),
                    { text, voice },
                  ).map((t) => level(t.text, t.voice)),
                )
              : [];
          return conditioner.make(await level(text, voice), condition, talkers, seedOf({ text, voice }));
        }),
      );
    }
  }
}
console.log(
  `Audio ready in ${((performance.now() - prepStarted) / 1000).toFixed(1)} s (${cache.made} files made, ${cache.reused} reused).`,
);

if (opts['prepare-only']) process.exit(0);

// 2b. speaker adaptation (--adapt): one MLLR transform per voice (per voice and condition with --enrol same),
//     from its enrolment recordings only
const adaptation: Adaptation | undefined = opts.adapt
  ? {
      sentences: ENROL_SENTENCES.length,
      condition: enrolIn === 'same' ? undefined : FLOOR.label,
      voices: [],
    }
  : undefined;
const speakers = new Map<string, { mllr: string }>();
if (adaptation) {
  console.log(
    `Adapting to each speaker${enrolIn === 'same' ? ' in each condition' : ''} (${ENROL_SENTENCES.length} enrolment recordings each)...`,
  );
  for (const voice of voices) {
    const entry = { voice: voice.id, used: 0, seconds: 0, transforms: 0 };
    for (const condition of enrolConditions) {
      await waitQuiet();
      const recordings = enrolFiles.get(enrolKey(voice, condition)) ?? [];
      const samples = await Promise.all(
        recordings.map(async (file, i) => ({ audio: await readFile(file), text: ENROL_SENTENCES[i] })),
      );
      const adaptStarted = performance.now();
      // as the server adapts to a learner: the provider's conditioning and frequency warp
      const { mllr, used } = await stt.adaptSpeaker(samples);
      const seconds = (performance.now() - adaptStarted) / 1000;
      speakers.set(enrolKey(voice, condition), { mllr });
      entry.used += used;
      entry.seconds += seconds;
      entry.transforms++;
      console.log(
        `  ${voice.label}${enrolIn === 'same' ? `, ${condition.id}` : ''}: ${used}/${samples.length} enrolment utterances used, ${seconds.toFixed(1)} s`,
      );
    }
    adaptation.voices.push(entry);
  }
}

// 3. recognition and grading, as Try Test does it (apps/server/src/modules/sims/scripts/try-out.ts)
console.log(`Recognising ${plan.length} recordings (${cpus} at once)...`);
const decodeStarted = performance.now();
let done = 0;
const outcomes: Outcome[] = await mapLimit(plan, cpus, async (rec, i) => {
  await waitQuiet();
  const line: RobustnessLine = setLines[rec.line];
  const audio = await readFile(files[i]);
  const speaker = speakers.get(enrolKey(rec.voice, rec.condition));
  const hints: RecognitionHints = {
    ...recognitionHints({ script: line.text, keywords: line.keywords, tests: [] }),
    ...(speaker ? { speaker } : {}),
  };
  const result = await stt.transcribeWithStats(audio, hints);
  const transcript = result.transcript;
  const spotted = (transcript as { spotted?: string[] }).spotted;
  // `spotted` is the keyword-search evidence of newer engines; gradeLine takes it when it knows it
  const input: GradeLineInput = {
    transcript: transcript.text,
    keywords: line.keywords,
    tests: [],
    natural_lenguage: false,
    overalConfidence: DEFAULT_OVERALL_CONFIDENCE,
    ...(spotted ? { spotted } : {}),
  };
  const graded = gradeLine(input);
  const outcome: Outcome = {
    kind: rec.kind,
    line: rec.line,
    voice: rec.voice.id,
    condition: rec.condition.id,
    text: rec.text,
    transcript: transcript.text,
    spotted,
    entries: graded.correctKeywords.length + graded.missedKeywords.length,
    found: graded.correctKeywords,
    passed: graded.passed,
    cpu: result.cpuSeconds,
    seconds: wavInfo(audio).seconds,
    ...(result.phrases ? { phrases: result.phrases } : {}),
    ...(result.biasedText !== undefined ? { biasedText: result.biasedText, neuralRaw: result.neuralRaw } : {}),
    ...(result.neuralBoostedRaw !== undefined ? { neuralBoostedRaw: result.neuralBoostedRaw } : {}),
    audio: files[i],
  };
  if (opts.verbose || (rec.kind === 'wrong' && outcome.found.length)) {
    const verdict =
      rec.kind === 'wrong'
        ? `FALSE: ${outcome.found.join(', ') || 'none'}${outcome.passed ? ' (PASSES)' : ''}`
        : `found ${outcome.found.length}/${outcome.entries}${outcome.passed ? '' : ' (fails)'}`;
    console.log(
      `  [${rec.kind} ${rec.voice.id} ${rec.condition.id}] "${rec.text}"\n      → "${transcript.text}"${spotted ? ` spotted: ${spotted.join(', ')}` : ''} | ${verdict}`,
    );
  }
  done++;
  if (!opts.verbose && done % Math.max(1, Math.round(plan.length / 10)) === 0) {
    console.log(`  ${done}/${plan.length} (${((performance.now() - decodeStarted) / 1000).toFixed(0)} s)`);
  }
  return outcome;
});

// 4. report
const wall = (performance.now() - started) / 1000 - pausedSeconds();
const info = {
  set: setName,
  lines: lineCount,
  voices,
  conditions,
  wrongVoices,
  date: new Date().toISOString(),
  command: [
    'tsx speech/robustness/run.ts',
    ...process.argv.slice(2).map((a) => (/[\s"']/.test(a) ? JSON.stringify(a) : a)),
  ].join(' '),
  machine: await machine(),
  engine: await engineDescription(),
  espeak,
  wall,
  engineKind,
  paused: pausedSeconds(),
  ...(adaptation ? { adaptation } : {}),
};
const extra: ExtraPart | undefined = adaptation
  ? enrolIn === 'same'
    ? 'adapted-same'
    : 'adapted'
  : engineKind === 'pocketsphinx'
    ? 'pocketsphinx'
    : undefined;
const tables = report(outcomes, info);
console.log(`\n${tables}`);
const s = summarise(outcomes, info);
console.log(
  `Summary${adaptation ? ' (adapted to each speaker)' : ''}: accents at pink 10 dB ${(100 * s.accentMean).toFixed(1)}%, worst ${s.worst ? `${s.worst.voice.label} ${(100 * s.worst.recall).toFixed(1)}%` : 'n/a'}, digital silence costs ${Number.isFinite(s.silenceCost) ? `${(100 * s.silenceCost).toFixed(1)} points` : 'n/a'}, false keywords ${s.all.falseFound}/${s.all.wrongEntries}, wrong answers passing ${s.all.wrongPasses}/${s.all.wrong}, CPU ÷ audio ${(s.all.cpu / s.all.seconds).toFixed(3)}.`,
);
const raw = path.join(opts.cache, `last-${setName}${extra ? `-${extra}` : ''}.json`);
await mkdir(opts.cache, { recursive: true });
await writeFile(raw, JSON.stringify({ info: { ...info, voices: voices.map((v) => v.id) }, outcomes }, null, 1));
console.log(`Every transcript: ${raw}`);
const beforeFile = path.join(import.meta.dirname, 'before.md');
if (opts['as-before']) {
  await saveAsBefore(beforeFile, setName, tables, BEFORE_HEADING);
  console.log(`Kept as the "before" tables in ${path.relative(process.cwd(), beforeFile)}`);
}
if (outFile) {
  await writeBlock({
    outFile,
    beforeFile,
    set: setName,
    tables,
    method: method(),
    ...(extra ? { part: extra } : {}),
    title: partTitle(SET_TITLES[setName], adaptation, engineKind === 'pocketsphinx'),
  });
  console.log(
    `Written to the robustness block of ${path.relative(process.cwd(), outFile)}${adaptation ? ' (its adapted part)' : ''}`,
  );
} else {
  console.log('Subset run: results file not written (pass --out FILE to write one).');
}

async function engineDescription(): Promise<string> {
  if (opts['engine-note']) return opts['engine-note'];
  const now = await engine();
  // commits that touch other files may land during a long run: only the engine's own files count
  return (await engineState()) === engineStateAtStart
    ? now
    : `${now} (ENGINE CHANGED DURING THE RUN: at start ${engineAtStart})`;
}

/** A digest of the engine's and grader's files as they are on disk (committed or not). */
async function engineState(): Promise<string> {
  const listed = await runProcess('git', ['-C', REPO, 'ls-files', '-co', '--exclude-standard', '--', ...ENGINE_PATHS])
    .then((r) => r.stdout.toString('utf8').split('\n').filter(Boolean).sort())
    .catch(() => [] as string[]);
  const contents = await Promise.all(listed.map((f) => readFile(path.join(REPO, f)).catch(() => f)));
  return hashOf(...listed, ...contents);
}

async function machine(): Promise<string> {
  const cpuinfo = await readFile('/proc/cpuinfo', 'utf8').catch(() => '');
  const model = /model name\s*:\s*(.*)/.exec(cpuinfo)?.[1] ?? os.cpus()[0]?.model ?? 'unknown CPU';
  return `nproc ${cpus}, ${model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB RAM, Node ${process.version}`;
}

/** The commit, and whether the speech engine or the grader differ from it (work in progress measured). */
async function engine(): Promise<string> {
  const git = (args: string[]) =>
    runProcess('git', ['-C', REPO, ...args])
      .then((r) => r.stdout.toString('utf8').trim())
      .catch(() => '');
  const commit = await git(['rev-parse', '--short', 'HEAD']);
  const changed = await git(['status', '--porcelain', '--', ...ENGINE_PATHS]);
  const files = changed.split('\n').filter(Boolean);
  if (!files.length) return `commit ${commit || 'unknown'}, engine and grader as committed`;
  const digest = hashOf(...(await Promise.all(files.map((f) => readFile(path.join(REPO, f.slice(3))).catch(() => f)))));
  return `commit ${commit || 'unknown'} with ${files.length} engine/grader files changed (state ${digest.slice(0, 8)})`;
}

function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
