import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { which } from '../../../lib/process';
import { decodeAudio } from './audio/stt-audio';
import { type ConditionSettings, conditionPcm, DEFAULT_CONDITIONING } from './audio/stt-condition';
import { fuse } from './fusion/stt-fuse';
import type { LineTarget } from './fusion/stt-line-target';
import { MoonshineRecognizer } from './moonshine/stt-moonshine';
import type { BiasSettings } from './pocketsphinx/stt-lm';
import type { SphinxModel } from './pocketsphinx/stt-models';
import { PocketsphinxEngine } from './pocketsphinx/stt-pocketsphinx-engine';
import { filterProfanity } from './pocketsphinx/stt-profanity';
import type { SpotSettings } from './pocketsphinx/stt-spot';
import { PocketsphinxStream } from './pocketsphinx/stt-stream';
import { Pool } from './pool';
import {
  type AdaptationSample,
  type BiasedHypothesis,
  type EngineStatus,
  EngineUnavailableError,
  type NeuralHypothesis,
  type RecognitionHints,
  type SpeakerAdaptation,
  type SttProvider,
  type SttStream,
  type Transcript,
} from './types';

export { BIASED_DECODER_ARGS, liveDecoderArgs } from './pocketsphinx/stt-pocketsphinx-engine';

export interface RecognizerOptions {
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
  /**
   * at a stream's end, decode its whole recording again as an upload of it is decoded, in a second decoder
   * started while the learner speaks (default true); false: the live decode's final
   */
  redecodeStreams?: boolean;
  /** give the expected words their pronunciations in other English accents (default true; stt-accents.ts) */
  accentVariants?: boolean;
  /** input conditioning before every decode (default DEFAULT_CONDITIONING); false: none */
  conditioning?: Partial<ConditionSettings> | false;
  /** keyword search thresholds (default DEFAULT_SPOTTING); false: no keyword search */
  spotting?: Partial<SpotSettings> | false;
  /**
   * the neural recogniser whose text is the transcript of uploads and of streams' finals (stt-combine.ts;
   * default: Moonshine tiny, used when its model is installed); false: pocketsphinx's text
   */
  neural?: MoonshineRecognizer | false;
}

export const PARTIAL_MS = 100;

export interface DecodeStats {
  transcript: Transcript;
  /** CPU seconds used by the decoders (model loading included) */
  cpuSeconds: number;
  /** seconds of audio decoded (padding included) */
  audioSeconds: number;
  biased: boolean;
  /** the lattice scores of the keyword phrases, when they were searched for */
  phrases?: BiasedHypothesis['phrases'];
  /** pocketsphinx's own text, when the transcript's text is the neural recogniser's */
  biasedText?: string;
  /** the neural recogniser's written text (punctuated, numbers as digits), when it ran */
  neuralRaw?: string;
  /** its written text with the line's keywords boosted, when it ran so */
  neuralBoostedRaw?: string;
}

/**
 * The speech recognition pipeline (issue 30): audio decoded to 16 kHz PCM (stt-audio.ts), the line compiled
 * once (PocketsphinxEngine.compile: spoken words, keyword phrases and their places, the biased language
 * model), each engine decoding it into a hypothesis — pocketsphinx biased toward the line on the conditioned
 * audio (stt-pocketsphinx-engine.ts), the neural recogniser (Moonshine) plainly and with the keywords boosted
 * on the audio as it came (stt-moonshine.ts) — and one pure fusion of the two into the transcript and each
 * keyword phrase's evidence (stt-fuse.ts), then profanity the speaker was not expected to say dropped. Live
 * streams give pocketsphinx's partial hypotheses, and at their end the same pipeline's final.
 */
export class SpeechRecognizer implements SttProvider {
  private readonly pool: Pool;
  private readonly streams: Pool;
  private readonly ffmpeg: string;
  private readonly pocketsphinx: PocketsphinxEngine;
  private readonly redecodeStreams: boolean;
  private readonly conditioning: ConditionSettings | undefined;
  private readonly neural: MoonshineRecognizer | undefined;
  private neuralFailure: string | undefined;

  constructor(options: RecognizerOptions = {}) {
    this.pool = new Pool(options.concurrency);
    this.streams = new Pool(options.maxStreams ?? 8 * os.availableParallelism());
    this.ffmpeg = options.ffmpeg ?? 'ffmpeg';
    this.conditioning =
      options.conditioning === false ? undefined : { ...DEFAULT_CONDITIONING, ...options.conditioning };
    this.pocketsphinx = new PocketsphinxEngine({
      psdecode: options.psdecode ?? findPsdecode(),
      t2p: options.t2p,
      model: options.model,
      cacheDir: options.cacheDir ?? path.join(os.tmpdir(), 'simcentre-speech'),
      bias: options.bias,
      biasedDecoderArgs: options.biasedDecoderArgs,
      generalDecoderArgs: options.generalDecoderArgs,
      partialMs: options.partialMs ?? PARTIAL_MS,
      accentVariants: options.accentVariants,
      spotting: options.spotting,
      conditioning: this.conditioning,
    });
    this.redecodeStreams = options.redecodeStreams ?? true;
    this.neural =
      options.neural === false
        ? undefined
        : (options.neural ?? new MoonshineRecognizer({ concurrency: Math.max(1, os.availableParallelism() / 2) }));
  }

  async status(): Promise<EngineStatus[]> {
    const [engine, ffmpeg] = await Promise.all([this.pocketsphinx.status(), which(this.ffmpeg)]);
    const [decoder, ...rest] = engine;
    return [
      decoder,
      {
        name: 'ffmpeg (audio decoding)',
        available: Boolean(ffmpeg),
        detail: ffmpeg ?? 'ffmpeg missing: uploaded audio cannot be transcribed (streamed PCM still works)',
      },
      ...rest,
      ...(this.neural ? [await this.neural.status()] : []),
    ];
  }

  /** A speaker's profile from their earlier recordings (stt-adapt.ts), in a slot of the decoders' pool. */
  adaptSpeaker(samples: AdaptationSample[]): Promise<SpeakerAdaptation> {
    return this.pool.run(() => this.pocketsphinx.adapt(samples, this.ffmpeg));
  }

  async transcribe(audio: Buffer, hints: RecognitionHints = {}): Promise<Transcript> {
    return (await this.transcribeWithStats(audio, hints)).transcript;
  }

  /** transcribe(), with the CPU time the decoders used. */
  async transcribeWithStats(audio: Buffer, hints: RecognitionHints = {}): Promise<DecodeStats> {
    return this.pool.run(
      async () => {
        const pcm = await decodeAudio(audio, this.ffmpeg);
        const target = await this.pocketsphinx.compile(hints);
        // the neural model hears the recording as it came (the floor of the conditioning cost it words), beside
        // the pocketsphinx decode of the conditioned recording
        const neuralJob = this.decodeNeural(pcm, target);
        const biased = await this.pocketsphinx.decode(this.condition(pcm), target, hints.speaker);
        const neural = await neuralJob;
        return {
          transcript: this.transcriptOf(target, biased, neural),
          cpuSeconds: biased.cpuSeconds + (neural?.cpuSeconds ?? 0),
          audioSeconds: biased.audioSeconds,
          biased: target.model !== undefined,
          phrases: biased.phrases,
          ...(neural ? { biasedText: biased.text, neuralRaw: neural.raw } : {}),
          ...(neural?.boostedRaw !== undefined ? { neuralBoostedRaw: neural.boostedRaw } : {}),
        };
      },
      hints.owner,
      hints.tag,
    );
  }

  queuePosition(tag: string): number | undefined {
    return this.pool.ahead(tag);
  }

  private condition(pcm: Buffer): Buffer {
    return this.conditioning ? conditionPcm(pcm, this.conditioning) : pcm;
  }

  /**
   * The neural recogniser's hypothesis of 16 kHz PCM; undefined when it is not installed or fails (the
   * transcript is then pocketsphinx's alone; the first failure is written to the log).
   */
  private async decodeNeural(pcm: Buffer, target: LineTarget): Promise<NeuralHypothesis | undefined> {
    if (!this.neural || !(await this.neural.available())) return undefined;
    try {
      return await this.neural.decode(pcm, target);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (this.neuralFailure !== message) console.warn(`moonshine recognition failed: ${message}`);
      this.neuralFailure = message;
      return undefined;
    }
  }

  /** The hypotheses fused (stt-fuse.ts), profanity the speaker was not expected to say dropped. */
  private transcriptOf(target: LineTarget, biased: BiasedHypothesis, neural: NeuralHypothesis | undefined): Transcript {
    const fused = fuse(target, { biased, neural });
    const { spotted, evidence } = fused;
    return {
      ...filterProfanity(fused, target.model?.expectedWords),
      ...(spotted ? { spotted } : {}),
      ...(evidence ? { evidence } : {}),
    };
  }

  async openStream(options: RecognitionHints & { sampleRate: number }): Promise<SttStream> {
    if (!(Number.isFinite(options.sampleRate) && options.sampleRate >= 8000 && options.sampleRate <= 192000)) {
      throw new RangeError('The sample rate must be between 8000 and 192000 Hz');
    }
    const release = this.streams.tryAcquire();
    if (!release) throw new EngineUnavailableError('Too many speech streams are open; try again shortly');
    try {
      const target = await this.pocketsphinx.compile(options);
      const allowed = target.model?.expectedWords;
      // the live decode only gives partial hypotheses, with a model of its own far less biased (issue 31: they
      // follow what the learner says); the stream starts the final decoder, the graded decode, while the
      // learner speaks, so that its model is loaded by the time they stop
      const decoders = await this.pocketsphinx.streamDecoders(target, options, options.speaker);
      return new PocketsphinxStream(decoders.live, {
        sampleRate: options.sampleRate,
        partial: (text) => filterProfanity({ text, words: [] }, allowed),
        final: (final, neural) => this.transcriptOf(target, this.pocketsphinx.hypothesisOf(final, target), neural),
        neural: this.neural ? (whole) => this.decodeNeural(whole, target) : undefined,
        startFinalDecoder: this.redecodeStreams ? decoders.final : undefined,
        conditioning: this.conditioning,
        release,
      });
    } catch (err) {
      release();
      throw err;
    }
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
