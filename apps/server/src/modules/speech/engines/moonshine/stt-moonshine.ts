import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { exists } from '../../../../lib/process';
import { SAMPLE_RATE } from '../audio/stt-audio';
import type { LineTarget } from '../fusion/stt-line-target';
import { Pool } from '../pool';
import { spokenForm } from '../stt-text';
import type { EngineStatus, NeuralHypothesis } from '../types';
import type { PieceText } from './stt-moonshine-decode';

/**
 * Moonshine tiny (English, MIT, Useful Sensors): a neural speech recogniser (encoder-decoder transformer,
 * 27 M parameters, trained on about 200,000 hours of English speech) run with onnxruntime-node on the CPU.
 * Its quantized ONNX files ship inside the npm package @usefulsensors/moonshine-js; scripts/
 * ensure-speech-model.sh installs them into apps/server/native/models/moonshine-tiny-en/. Unlike the
 * pocketsphinx decodes it is not biased toward the expected line: it writes what it heard, in any English
 * accent, which is why the grader can trust it on wrong answers (issue 14).
 */

export const MOONSHINE_FILES = ['encoder_model.onnx', 'decoder_model_merged.onnx'] as const;

/** The model is trained on utterances up to about 30 s; longer audio is cut into pieces (at quiet points). */
export const MAX_PIECE_SECONDS = 28;

export interface MoonshineOptions {
  /** folder holding the two ONNX files (default: apps/server/native/models/moonshine-tiny-en) */
  modelDir?: string;
  /** decodes at once, each in a worker thread of its own (default 1) */
  concurrency?: number;
  /** the logit bonus of the keyword phrases in the boosted decode (default KEYWORD_BOOST; 0: none) */
  boost?: number;
}

/**
 * The keyword phrases' bonus (added to their tokens' logits) in the boosted decode (stt-moonshine-boost.ts).
 * Calibrated on the robustness bench's dev set: the combined recall rose with the bonus (calibrate-boost.ts:
 * all conditions 80.1% without, 83.7 / 85.2 / 86.8 / 89.3% at 2 / 3 / 4 / 6; false keywords on wrong answers
 * 1.6% throughout, under the line gate), but the dev lines' near misses (calibrate-near.ts: the keywords
 * swapped, "Tuesday" for "Thursday") were credited 0 times in 546 at 3, 3 at 4 and 27 at 6: 3 is the largest
 * bonus that credits no near miss.
 */
export const KEYWORD_BOOST = 3;

export interface MoonshineResult {
  /** what the model wrote (punctuated, numbers as digits) */
  raw: string;
  /** the same as spoken words, lower case, as the grader and the pocketsphinx transcripts have it */
  text: string;
  /** CPU seconds of this process while it decoded (accurate when one decode runs at a time) */
  cpuSeconds: number;
  /** with keyword phrases: the boosted decodes, one per bonus (spoken words, as `text`) */
  boosted?: { boost: number; raw: string; text: string }[];
}

/** The keyword phrases (spoken words) to boost, and the bonuses to decode with (default: the recogniser's). */
export interface BoostRequest {
  phrases: readonly string[];
  boosts?: readonly number[];
}

/** What the worker (stt-moonshine-worker.ts) is sent and answers. */
export interface WorkerRequest {
  id: number;
  /** 16 kHz mono samples in [-1, 1], trimmed and cut into pieces */
  pieces: Float32Array[];
  /** keyword phrases to boost, and the bonuses (one boosted decode each) */
  phrases?: readonly string[];
  boosts?: readonly number[];
}
export type WorkerReply = { id: number; pieces: PieceText[]; cpuSeconds: number } | { id: number; error: string };
type Answer = { pieces: PieceText[]; cpuSeconds: number };

interface Slot {
  worker: Worker;
  /** the worker failed or exited: it is not used again */
  dead: boolean;
  pending: Map<number, { resolve: (r: Answer) => void; reject: (e: Error) => void }>;
}

/**
 * Runs the model in worker threads (onnxruntime-node's run() computes on the calling thread, which would
 * stop the server's event loop for the whole decode), one decode per worker at a time.
 */
export class MoonshineRecognizer {
  readonly modelDir: string;
  readonly boost: number;
  private readonly pool: Pool;
  private readonly idle: Slot[] = [];
  private nextId = 1;

  constructor(options: MoonshineOptions = {}) {
    this.modelDir = options.modelDir ?? findMoonshineModel();
    this.pool = new Pool(options.concurrency ?? 1);
    this.boost = options.boost ?? KEYWORD_BOOST;
  }

  /** Whether the model files are installed (the runtime is an npm dependency). */
  async available(): Promise<boolean> {
    const found = await Promise.all(MOONSHINE_FILES.map((f) => exists(path.join(this.modelDir, f))));
    return found.every(Boolean);
  }

  async status(): Promise<EngineStatus> {
    const ok = await this.available();
    return {
      name: 'moonshine (neural recogniser, final transcripts)',
      available: ok,
      detail: ok
        ? `Moonshine tiny English, ${this.modelDir}`
        : `model missing under ${this.modelDir} (run scripts/ensure-speech-model.sh): lines are graded on pocketsphinx alone`,
    };
  }

  /**
   * Transcribes 16 kHz mono s16le PCM; with keyword phrases, also decodes it with them boosted (the
   * recogniser's bonus, or each of `boosting.boosts`).
   */
  async recognize(pcm: Buffer, boosting?: BoostRequest): Promise<MoonshineResult> {
    const boosts = boosting?.phrases.length ? [...(boosting.boosts ?? [this.boost])].filter((b) => b > 0) : [];
    const pieces = splitAtQuiet(trimSilence(toFloat(pcm))).filter(hasSpeechEnergy);
    const empty = boosts.map((boost) => ({ boost, raw: '', text: '' }));
    if (!pieces.length) return { raw: '', text: '', cpuSeconds: 0, ...(boosts.length ? { boosted: empty } : {}) };
    return this.pool.run(async () => {
      const slot = this.idle.pop() ?? this.spawn();
      try {
        const request = { pieces, ...(boosts.length ? { phrases: boosting?.phrases, boosts } : {}) };
        const answer = await this.ask(slot, request);
        const joined = (texts: string[]) => texts.join(' ').replace(/\s+/g, ' ').trim();
        const raw = joined(answer.pieces.map((p) => p.text));
        const boosted = boosts.map((boost, b) => {
          const written = joined(answer.pieces.map((p) => p.boosted[b] ?? ''));
          return { boost, raw: written, text: spokenText(written) };
        });
        return {
          raw,
          text: spokenText(raw),
          cpuSeconds: answer.cpuSeconds,
          ...(boosts.length ? { boosted } : {}),
        };
      } finally {
        if (!slot.dead) this.idle.push(slot);
      }
    });
  }

  /** The recording (16 kHz PCM) heard plainly, and again with the line's keyword phrases boosted. */
  async decode(pcm: Buffer, target: LineTarget): Promise<NeuralHypothesis> {
    const phrases = [...new Set(target.phrases.map((p) => p.spoken))];
    const result = await this.recognize(pcm, phrases.length ? { phrases } : undefined);
    const boosted = result.boosted?.[0];
    return {
      text: result.text,
      raw: result.raw,
      cpuSeconds: result.cpuSeconds,
      ...(boosted ? { boosted: boosted.text, boostedRaw: boosted.raw } : {}),
    };
  }

  /** Stops the workers (they do not keep the process alive meanwhile). */
  async close(): Promise<void> {
    const slots = this.idle.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  private ask(slot: Slot, asked: Omit<WorkerRequest, 'id'>): Promise<Answer> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      slot.pending.set(id, { resolve, reject });
      // a worker with work keeps the process alive; an idle one does not
      slot.worker.ref();
      const request: WorkerRequest = { id, ...asked };
      slot.worker.postMessage(request);
    });
  }

  private spawn(): Slot {
    const worker = startWorker({ modelDir: this.modelDir });
    const slot: Slot = { worker, dead: false, pending: new Map() };
    const failAll = (err: Error) => {
      slot.dead = true;
      for (const p of slot.pending.values()) p.reject(err);
      slot.pending.clear();
      const at = this.idle.indexOf(slot);
      if (at >= 0) this.idle.splice(at, 1);
    };
    worker.on('message', (reply: WorkerReply) => {
      const p = slot.pending.get(reply.id);
      if (!p) return;
      slot.pending.delete(reply.id);
      if (slot.pending.size === 0) slot.worker.unref();
      if ('error' in reply) p.reject(new Error(reply.error));
      else p.resolve(reply);
    });
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`the moonshine worker exited (${code})`)));
    // idle until asked (after the listeners: adding one refs the worker again)
    worker.unref();
    return slot;
  }
}

/**
 * The worker: the bundle's moonshine-worker.js beside the server, or else (tests, benches, `tsx`) the
 * TypeScript source loaded through tsx's loader, registered inside the worker.
 */
function startWorker(workerData: { modelDir: string }): Worker {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bundled = path.join(here, 'moonshine-worker.js');
  if (existsSync(bundled)) return new Worker(bundled, { workerData });
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsx = pathToFileURL(path.join(tsxRoot, 'dist/esm/api/index.mjs')).href;
  const source = pathToFileURL(path.join(here, 'stt-moonshine-worker.ts')).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(source)}); });`;
  return new Worker(boot, { eval: true, workerData });
}

function toFloat(pcm: Buffer): Float32Array {
  const count = Math.floor(pcm.length / 2);
  const out = new Float32Array(count);
  for (let i = 0; i < count; i++) out[i] = pcm.readInt16LE(i * 2) / 32768;
  return out;
}

/** Pieces of at most MAX_PIECE_SECONDS, each cut at the quietest 100 ms of its last third. */
export function splitAtQuiet(audio: Float32Array, maxSeconds = MAX_PIECE_SECONDS): Float32Array[] {
  const max = Math.round(maxSeconds * SAMPLE_RATE);
  const frame = SAMPLE_RATE / 10;
  const pieces: Float32Array[] = [];
  let start = 0;
  while (audio.length - start > max) {
    let cut = start + max;
    let quietest = Number.POSITIVE_INFINITY;
    for (let at = start + Math.round((max * 2) / 3); at + frame <= start + max; at += frame) {
      let energy = 0;
      for (let i = at; i < at + frame; i++) energy += audio[i] * audio[i];
      if (energy < quietest) {
        quietest = energy;
        cut = at + frame / 2;
      }
    }
    pieces.push(audio.subarray(start, cut));
    start = cut;
  }
  if (audio.length > start) pieces.push(audio.subarray(start));
  return pieces;
}

/**
 * The audio from shortly before its first sound to shortly after its last: long stretches of silence around
 * the speech (the 0.7 s a recorder leaves, the decode's padding) make the tiny model write nothing at all.
 * A frame is sound when it is within 30 dB of the loudest 20 ms (and above -55 dBFS); steady noise as loud
 * as the speech's quieter parts keeps everything.
 */
export function trimSilence(audio: Float32Array, before = 0.25, after = 0.35): Float32Array {
  const frame = SAMPLE_RATE / 50;
  const count = Math.floor(audio.length / frame);
  if (count === 0) return audio;
  const energy = new Float64Array(count);
  for (let f = 0; f < count; f++) {
    let sum = 0;
    for (let i = f * frame; i < (f + 1) * frame; i++) sum += audio[i] * audio[i];
    energy[f] = sum / frame;
  }
  const peak = Math.max(...energy);
  const threshold = Math.max(peak * 10 ** (-30 / 10), 10 ** (-55 / 10));
  let first = -1;
  let last = -1;
  for (let f = 0; f < count; f++) {
    if (energy[f] >= threshold) {
      if (first < 0) first = f;
      last = f;
    }
  }
  if (first < 0) return audio.subarray(0, 0);
  const from = Math.max(0, first * frame - Math.round(before * SAMPLE_RATE));
  const to = Math.min(audio.length, (last + 1) * frame + Math.round(after * SAMPLE_RATE));
  return audio.subarray(from, to);
}

/** A piece whose loudest 50 ms stays under -60 dBFS holds no speech: the model would only guess on it. */
export function hasSpeechEnergy(audio: Float32Array): boolean {
  const frame = SAMPLE_RATE / 20;
  const floor = 10 ** (-60 / 10);
  for (let at = 0; at + frame <= audio.length; at += frame) {
    let energy = 0;
    for (let i = at; i < at + frame; i++) energy += audio[i] * audio[i];
    if (energy / frame > floor) return true;
  }
  return false;
}

/** The model's written text as spoken words ("$12" → "twelve dollars"), lower case, without punctuation. */
export function spokenText(raw: string): string {
  return spokenForm(raw).words.join(' ');
}

/** apps/server/native/models/moonshine-tiny-en, found from this module's location (source tree or dist/). */
export function findMoonshineModel(): string {
  const rel = 'native/models/moonshine-tiny-en';
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    for (const candidate of [path.join(dir, rel), path.join(dir, 'apps/server', rel)]) {
      if (existsSync(candidate)) return candidate;
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..', rel);
}
