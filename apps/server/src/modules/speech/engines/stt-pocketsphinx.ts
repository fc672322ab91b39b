import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exists, isExecutable, which } from '../../../lib/process';
import { Pool } from './pool';
import { decodeAudio } from './stt-audio';
import { type DecoderArgs, DecoderProcess, decodeOnce } from './stt-decoder';
import { type BiasSettings, DEFAULT_BIAS } from './stt-lm';
import { DEFAULT_MODEL, ModelStore, type SphinxModel } from './stt-models';
import { filterProfanity } from './stt-profanity';
import { PocketsphinxStream } from './stt-stream';
import {
  type EngineStatus,
  EngineUnavailableError,
  type RecognitionHints,
  type SttProvider,
  type SttStream,
  type Transcript,
} from './types';

export interface PocketsphinxOptions {
  /** batch decodings running at once (default: CPU count) */
  concurrency?: number;
  /** live streams open at once (default: 8 per CPU); more are refused */
  maxStreams?: number;
  /** the psdecode helper (default: apps/server/native/build/psdecode, built by scripts/build-native.sh) */
  psdecode?: string;
  ffmpeg?: string;
  t2p?: string;
  model?: Partial<SphinxModel>;
  /** where biased models are cached (default: <os tmpdir>/simcentre-speech) */
  cacheDir?: string;
  bias?: Partial<BiasSettings>;
  /** pocketsphinx options used with the biased models */
  biasedDecoderArgs?: string[];
  /** pocketsphinx options used with the general model */
  generalDecoderArgs?: string[];
  /** partial hypotheses of a stream every N ms of audio */
  partialMs?: number;
  /** decode a stream's whole recording again at its end (default true) */
  redecodeStreams?: boolean;
}

/**
 * Extra pocketsphinx options with the biased models: none, the defaults did best in bench/speech (a higher
 * language weight, -lw 9 or 12, made recognition worse).
 */
export const BIASED_DECODER_ARGS: readonly string[] = [];
export const PARTIAL_MS = 100;

export interface DecodeStats {
  transcript: Transcript;
  /** CPU seconds used by the decoder process (model loading included) */
  cpuSeconds: number;
  /** seconds of audio decoded (padding included) */
  audioSeconds: number;
  biased: boolean;
}

/** Offline speech recognition: pocketsphinx (psdecode child processes), biased toward the expected line. */
export class PocketsphinxSttProvider implements SttProvider {
  private readonly pool: Pool;
  private readonly streams: Pool;
  private readonly model: SphinxModel;
  private readonly psdecode: string;
  private readonly ffmpeg: string;
  private readonly t2p: string;
  private readonly store: ModelStore;
  private readonly biasedArgs: readonly string[];
  private readonly generalArgs: readonly string[];
  private readonly partialMs: number;
  private readonly redecodeStreams: boolean;

  constructor(options: PocketsphinxOptions = {}) {
    this.pool = new Pool(options.concurrency);
    this.streams = new Pool(options.maxStreams ?? 8 * os.availableParallelism());
    this.model = { ...DEFAULT_MODEL, ...options.model };
    this.psdecode = options.psdecode ?? findPsdecode();
    this.ffmpeg = options.ffmpeg ?? 'ffmpeg';
    this.t2p = options.t2p ?? 't2p';
    const bias = { ...DEFAULT_BIAS, ...options.bias };
    const cacheDir = options.cacheDir ?? path.join(os.tmpdir(), 'simcentre-speech');
    this.store = new ModelStore(this.model, cacheDir, this.psdecode, bias, this.t2p);
    this.biasedArgs = options.biasedDecoderArgs ?? BIASED_DECODER_ARGS;
    this.generalArgs = options.generalDecoderArgs ?? [];
    this.partialMs = options.partialMs ?? PARTIAL_MS;
    this.redecodeStreams = options.redecodeStreams ?? true;
  }

  async status(): Promise<EngineStatus[]> {
    const [decoder, hmm, lm, dict, ffmpeg, t2p] = await Promise.all([
      isExecutable(this.psdecode),
      exists(path.join(this.model.hmm, 'mdef')),
      exists(this.model.lm),
      exists(this.model.dict),
      which(this.ffmpeg),
      which(this.t2p),
    ]);
    const modelOk = hmm && lm && dict;
    let detail = `psdecode ${this.psdecode}, model ${this.model.hmm}`;
    if (!decoder) {
      detail = `psdecode not built at ${this.psdecode} (run scripts/build-native.sh; needs libpocketsphinx-dev): speech recognition disabled`;
    } else if (!modelOk) {
      detail = `pocketsphinx-en-us model missing under ${this.model.hmm}: speech recognition disabled`;
    }
    return [
      { name: 'pocketsphinx', available: decoder && modelOk, detail },
      {
        name: 'ffmpeg (audio decoding)',
        available: Boolean(ffmpeg),
        detail: ffmpeg ?? 'ffmpeg missing: uploaded audio cannot be transcribed (streamed PCM still works)',
      },
      {
        name: 't2p (pronunciation of unknown words)',
        available: Boolean(t2p),
        detail: t2p ?? 'flite t2p missing: words not in the dictionary are left out of the biased model',
      },
    ];
  }

  async transcribe(audio: Buffer, hints: RecognitionHints = {}): Promise<Transcript> {
    return (await this.transcribeWithStats(audio, hints)).transcript;
  }

  /** transcribe(), with the CPU time the decoder used. */
  async transcribeWithStats(audio: Buffer, hints: RecognitionHints = {}): Promise<DecodeStats> {
    return this.pool.run(async () => {
      const pcm = await decodeAudio(audio, this.ffmpeg);
      return this.decodePcm(pcm, hints);
    });
  }

  /** Decodes 16 kHz mono s16le PCM (already padded with silence); callers hold a pool slot. */
  private async decodePcm(pcm: Buffer, hints: RecognitionHints = {}): Promise<DecodeStats> {
    const { args, allowed } = await this.decoderArgs(hints);
    const final = await decodeOnce(args, pcm);
    return {
      transcript: filterProfanity({ text: final.text, words: final.words }, allowed),
      cpuSeconds: final.cpu,
      audioSeconds: final.audio,
      biased: allowed !== undefined,
    };
  }

  async openStream(options: RecognitionHints & { sampleRate: number }): Promise<SttStream> {
    if (!(Number.isFinite(options.sampleRate) && options.sampleRate >= 8000 && options.sampleRate <= 192000)) {
      throw new RangeError('The sample rate must be between 8000 and 192000 Hz');
    }
    const release = this.streams.tryAcquire();
    if (!release) throw new EngineUnavailableError('Too many speech streams are open; try again shortly');
    try {
      const { args, allowed } = await this.decoderArgs(options);
      const decoder = new DecoderProcess({ ...args, partialMs: this.partialMs, redecode: this.redecodeStreams });
      return new PocketsphinxStream(decoder, options.sampleRate, (t) => filterProfanity(t, allowed), release);
    } catch (err) {
      release();
      throw err;
    }
  }

  private async decoderArgs(hints: RecognitionHints): Promise<{ args: DecoderArgs; allowed?: Set<string> }> {
    if (!(await isExecutable(this.psdecode))) {
      throw new EngineUnavailableError('Speech recognition is disabled: the psdecode helper is not built');
    }
    const biased = hints.expected || hints.keywords?.length ? await this.store.biased(hints) : undefined;
    if (biased) {
      return {
        args: { binary: this.psdecode, hmm: this.model.hmm, lm: biased.lm, dict: biased.dict, extra: this.biasedArgs },
        allowed: biased.expectedWords,
      };
    }
    return {
      args: {
        binary: this.psdecode,
        hmm: this.model.hmm,
        lm: this.model.lm,
        dict: this.model.dict,
        extra: this.generalArgs,
      },
    };
  }
}

/** apps/server/native/build/psdecode, found from this module's location (source tree or bundled dist/). */
export function findPsdecode(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 8; i++) {
    for (const candidate of [
      path.join(dir, 'native/build/psdecode'),
      path.join(dir, 'apps/server/native/build/psdecode'),
    ]) {
      if (existsSync(candidate)) return candidate;
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../native/build/psdecode');
}
