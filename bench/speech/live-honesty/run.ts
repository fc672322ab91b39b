/**
 * Live-honesty bench (issue 31, defect 4: "the live transcript is nonsense off script"): does a stream's live
 * transcript follow what the learner says, or does the line's bias put the line's words in it?
 *
 * The lines of bench/speech/corpus.ts, each said on script, off script (another call-centre sentence) and
 * near script (a few words changed; corpus.ts here), in several voices, plus the human recordings of
 * pocketsphinx-testdata (on script with their own transcript as the line, off script with call-centre
 * lines' hints), are streamed through a live decoder exactly as the server's stream does (the engine's
 * streamDecoders(): psdecode with --partial-ms, the audio resampled from 44.1 kHz and conditioned causally by
 * PocketsphinxStream). The last partial is what the learner reads when they stop; the web ticks a keyword
 * when any partial holds it. Measured for each live model:
 * - off and near script: the share of the last partial's words that are words of the line the speaker did
 *   not say ("invented"), the takes with an invented distinctive word (one outside the general model's 150
 *   most frequent words), the word error rate of the last partial against what was said, and the keywords
 *   ticked over the take that were not said;
 * - on script: the keywords ticked (over the take, and in the last partial) and the word error rate;
 * - CPU: the live decoder's CPU seconds per second of audio (after its models are loaded), its CPU and wall
 *   time to load them (the first partial waits for that).
 * Run from bench/:
 *   tsx speech/live-honesty/run.ts [--voices en-us,Kendra,Joey] [--conditions floor] [--limit N] [--no-write]
 *                                  [--try '{"targetMass":0.05,"bigramMass":0.3,"trigramMass":0.3}' ...]
 * --try adds a candidate live bias (over DEFAULT_BIAS) to the before and after models (calibration).
 * A full run (no --voices, --conditions, --limit or --try) writes bench/results/live-honesty.md.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type BiasSettings,
  DEFAULT_BIAS,
  LIVE_BIAS,
} from '../../../apps/server/src/modules/speech/engines/pocketsphinx/stt-lm';
import { DEFAULT_MODEL, ModelStore } from '../../../apps/server/src/modules/speech/engines/pocketsphinx/stt-models';
import {
  PocketsphinxEngine,
  type PocketsphinxEngineOptions,
} from '../../../apps/server/src/modules/speech/engines/pocketsphinx/stt-pocketsphinx-engine';
import { findPsdecode, PARTIAL_MS } from '../../../apps/server/src/modules/speech/engines/recognizer';
import type { RecognitionHints } from '../../../apps/server/src/modules/speech/engines/types';
import { recognitionHints } from '../../../packages/shared/src/grading/index';
import { HUMAN_RECORDINGS, LINES } from '../corpus';
import { resolveVoices } from '../robustness/voices';
import { mapLimit } from '../stats';
import { pcmAt } from '../stream';
import { BenchAudio, BROWSER_RATE, conditionsOf } from './audio';
import { honestyLines } from './corpus';
import { type LiveRun, liveDecode } from './live';
import { inventedWords, normalise, ticked, tickedOverTake, wordErrors } from './metrics';

const DEFAULT_VOICES = ['en-us', 'Kendra', 'Joey'];
const DEFAULT_CONDITIONS = ['floor'];
/** a word of the line outside this many most frequent words of the general model is distinctive */
const DISTINCTIVE_AFTER = 150;
const REPO = path.resolve(import.meta.dirname, '../../..');
/** the heading of the results file's hand-kept section, left as it is by a rerun */
const CALIBRATION = '## Calibration';

const { values: opts } = parseArgs({
  options: {
    voices: { type: 'string' },
    conditions: { type: 'string' },
    limit: { type: 'string' },
    'no-write': { type: 'boolean', default: false },
    try: { type: 'string', multiple: true },
  },
});

type Kind = 'on' | 'off' | 'near' | 'human-on' | 'human-off';
const KIND_LABELS: Record<Kind, string> = {
  on: 'On script (synthesized)',
  off: 'Off script (synthesized)',
  near: 'Near script (synthesized)',
  'human-on': 'On script (human, pocketsphinx-testdata)',
  'human-off': 'Off script (human, call-centre lines’ hints)',
};

interface Take {
  kind: Kind;
  /** the line whose hints the recogniser gets */
  line: { text: string; keywords: string[] };
  said: string;
  voice: string;
  pcm: () => Promise<Buffer>;
  rate: number;
}

const cpus = os.availableParallelism();
const started = performance.now();
const lines = honestyLines().slice(0, opts.limit === undefined ? undefined : Number(opts.limit));
const voices = await resolveVoices(opts.voices?.split(',').map((v) => v.trim()) ?? DEFAULT_VOICES);
const conditions = conditionsOf(opts.conditions?.split(',') ?? DEFAULT_CONDITIONS);
const subset = Boolean(opts.voices || opts.conditions || opts.limit || opts.try?.length);
const audio = new BenchAudio(cpus);

// 1. the takes
const takes: Take[] = [];
for (const condition of conditions) {
  for (const voice of voices) {
    for (const l of lines) {
      for (const [kind, said] of [
        ['on', l.line.text],
        ['off', l.offScript],
        ['near', l.nearScript],
      ] as const) {
        takes.push({
          kind,
          line: l.line,
          said,
          voice: `${voice.id}/${condition.id}`,
          pcm: () => audio.pcm(said, voice, condition),
          rate: BROWSER_RATE,
        });
      }
    }
  }
}
HUMAN_RECORDINGS.forEach((h, i) => {
  const pcm = async () => {
    const raw = await readFile(h.file);
    return h.raw ? raw : pcmAt(raw, 16000);
  };
  takes.push({
    kind: 'human-on',
    line: { text: h.transcript, keywords: h.keywords },
    said: h.transcript,
    voice: 'human',
    pcm,
    rate: 16000,
  });
  for (const k of [0, 1, 2]) {
    const line = LINES[(i * 3 + k * 17) % LINES.length];
    takes.push({ kind: 'human-off', line, said: h.transcript, voice: 'human', pcm, rate: 16000 });
  }
});
console.log(
  `${takes.length} takes: ${lines.length} lines × 3 ways × ${voices.length} voices × ${conditions.length} conditions, and ${HUMAN_RECORDINGS.length} human recordings (on script, and off script with 3 lines' hints each)`,
);
const pcms = await mapLimit(takes, cpus, (t) => t.pcm());
console.log(`Audio ready (${audio.made} files made, ${audio.reused} reused).`);

// 2. the live models: before (the graded decode's biased model) and after (the live model of its own)
const psdecode = findPsdecode();
const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'live-honesty-'));
const general = new ModelStore(DEFAULT_MODEL, cacheDir, psdecode, DEFAULT_BIAS);
const top = new Set((await general.commonWords()).slice(0, DISTINCTIVE_AFTER).map((c) => c.word));
const MODELS = [
  { id: 'before', label: 'Before: the graded decode’s biased model', engine: engineWith('graded') },
  { id: 'after', label: 'After: the live model (LIVE_BIAS)', engine: engineWith(undefined) },
  ...(opts.try ?? []).map((json, i) => ({
    id: `try${i + 1}`,
    label: `Candidate ${json}`,
    engine: engineWith(JSON.parse(json) as Partial<BiasSettings>),
  })),
];

function engineWith(liveBias: PocketsphinxEngineOptions['liveBias']): PocketsphinxEngine {
  return new PocketsphinxEngine({ psdecode, cacheDir, partialMs: PARTIAL_MS, ...(liveBias ? { liveBias } : {}) });
}

interface Result {
  take: Take;
  run: LiveRun;
}

const results = new Map<string, Result[]>();
for (const model of MODELS) {
  const t0 = performance.now();
  const runs = await mapLimit(takes, cpus, async (take, i) => {
    const hints: RecognitionHints = recognitionHints({
      script: take.line.text,
      keywords: take.line.keywords,
      tests: [],
    });
    const target = await model.engine.compile(hints);
    const { live } = await model.engine.streamDecoders(target, hints);
    const run = await liveDecode(live, pcms[i], take.rate, target.model?.expectedWords);
    return { take, run };
  });
  results.set(model.id, runs);
  console.log(`${model.label}: ${runs.length} live decodes in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}
await rm(cacheDir, { recursive: true, force: true });

// 3. the figures
interface Figures {
  takes: number;
  words: number;
  invented: number;
  distinctiveTakes: number;
  errors: number;
  reference: number;
  keywords: number;
  tickedTake: number;
  tickedLast: number;
  falseTicks: number;
}

function figures(runs: readonly Result[]): Figures {
  const f: Figures = {
    takes: 0,
    words: 0,
    invented: 0,
    distinctiveTakes: 0,
    errors: 0,
    reference: 0,
    keywords: 0,
    tickedTake: 0,
    tickedLast: 0,
    falseTicks: 0,
  };
  for (const { take, run } of runs) {
    f.takes += 1;
    const invented = inventedWords(run.last, take.line.text, take.said);
    f.words += normalise(run.last).length;
    f.invented += invented.length;
    if (invented.some((w) => !top.has(w))) f.distinctiveTakes += 1;
    const we = wordErrors(take.said, run.last);
    f.errors += we.errors;
    f.reference += we.words;
    const said = new Set(ticked(take.said, take.line.keywords));
    const overTake = tickedOverTake(run.partials, take.line.keywords);
    f.keywords += said.size;
    f.tickedTake += [...overTake].filter((k) => said.has(k)).length;
    f.tickedLast += ticked(run.last, take.line.keywords).filter((k) => said.has(k)).length;
    f.falseTicks += [...overTake].filter((k) => !said.has(k)).length;
  }
  return f;
}

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');
const kinds: Kind[] = ['on', 'off', 'near', 'human-on', 'human-off'];
const out: string[] = [];
const print = (line = '') => {
  console.log(line);
  out.push(line);
};

print(
  '| Takes | Live model | Invented words (share of the last partial’s words) | Takes with an invented distinctive word | WER of the last partial | Keywords ticked over the take (of those said) | In the last partial | Keywords ticked but not said |',
);
print('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const kind of kinds) {
  for (const model of MODELS) {
    const f = figures((results.get(model.id) ?? []).filter((r) => r.take.kind === kind));
    if (!f.takes) continue;
    print(
      `| ${KIND_LABELS[kind]} (${f.takes}) | ${model.id} | ${pct(f.invented, f.words)} (${f.invented}/${f.words}) | ${f.distinctiveTakes}/${f.takes} | ${pct(f.errors, f.reference)} | ${f.keywords ? `${pct(f.tickedTake, f.keywords)} (${f.tickedTake}/${f.keywords})` : '–'} | ${f.keywords ? pct(f.tickedLast, f.keywords) : '–'} | ${f.falseTicks} |`,
    );
  }
}
print();
print('| Live model | CPU s per audio s (decoding) | Model load: CPU s (mean) | Model load: wall s (median) |');
print('| --- | ---: | ---: | ---: |');
for (const model of MODELS) {
  const runs = results.get(model.id) ?? [];
  const cpu = runs.reduce((a, r) => a + r.run.decodeCpu, 0);
  const seconds = runs.reduce((a, r) => a + r.run.audioSeconds, 0);
  const load = runs.reduce((a, r) => a + r.run.loadCpu, 0) / runs.length;
  const walls = runs.map((r) => r.run.loadWall).sort((a, b) => a - b);
  print(
    `| ${model.id} | ${(cpu / seconds).toFixed(3)} | ${load.toFixed(3)} | ${walls[Math.floor(walls.length / 2)].toFixed(3)} |`,
  );
}
print();
print('Examples (off script, first voice):');
for (const r of (results.get('before') ?? []).filter((x) => x.take.kind === 'off').slice(0, 8)) {
  const after = results.get('after')?.find((x) => x.take === r.take);
  print(`- line: “${r.take.line.text}” — said: “${r.take.said}”`);
  print(`  - before: “${r.run.last}”${inventedNote(r)}`);
  if (after) print(`  - after: “${after.run.last}”${inventedNote(after)}`);
}

function inventedNote(r: Result): string {
  const invented = inventedWords(r.run.last, r.take.line.text, r.take.said);
  return invented.length ? ` (invented: ${invented.join(', ')})` : '';
}

const minutes = (performance.now() - started) / 60000;
if (!subset && !opts['no-write']) {
  const file = path.join(REPO, 'bench/results/live-honesty.md');
  const header = [
    '# Live honesty (issue 31, defect 4)',
    '',
    'Written by `npm run bench:speech:live-honesty` (bench/speech/live-honesty/run.ts; what it measures is described there).',
    `Voices ${voices.map((v) => v.id).join(', ')}; conditions ${conditions.map((c) => c.id).join(', ')}; ${lines.length} lines of bench/speech/corpus.ts said on, off and near script; live partials every ${PARTIAL_MS} ms of audio.`,
    `Live bias after: ${JSON.stringify(LIVE_BIAS)} over the graded decode's ${JSON.stringify(DEFAULT_BIAS)}. Run of ${new Date().toISOString().slice(0, 10)} on ${cpus} cores, ${minutes.toFixed(0)} min.`,
    '',
  ];
  // the calibration section, kept by hand (measured with --try), is kept as it is
  const previous = await readFile(file, 'utf8').catch(() => '');
  const kept = previous.indexOf(CALIBRATION);
  const calibration = kept >= 0 ? `\n${previous.slice(kept)}` : '';
  await writeFile(file, `${[...header, ...out].join('\n')}\n${calibration}`);
  console.log(`\nWritten to ${path.relative(REPO, file)}`);
}
