import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exists, isExecutable, which } from '../../../lib/process';
import { Pool } from './pool';
import { adaptationToolsStatus, adaptSpeaker } from './stt-adapt';
import { decodeAudio } from './stt-audio';
import { combineTranscripts } from './stt-combine';
import { type ConditionSettings, conditionPcm, DEFAULT_CONDITIONING } from './stt-condition';
import { type DecoderArgs, DecoderProcess, decodeOnce, type FinalMessage } from './stt-decoder';
import { type BiasSettings, DEFAULT_BIAS } from './stt-lm';
import { checkedTransform } from './stt-mllr';
import { type BiasedModel, DEFAULT_MODEL, ModelStore, type SphinxModel } from './stt-models';
import { MoonshineRecognizer, type MoonshineResult } from './stt-moonshine';
import { filterProfanity } from './stt-profanity';
import { acceptedPhrases, DEFAULT_SPOTTING, type SpotSettings } from './stt-spot';
import { PocketsphinxStream } from './stt-stream';
import {
  type AdaptationSample,
  type EngineStatus,
  EngineUnavailableError,
  type NeuralReading,
  type RecognitionHints,
  type SpeakerAdaptation,
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

/**
 * Extra pocketsphinx options with the biased models (measured on the robustness bench's development set,
 * issue 14; a higher language weight, -lw 9 or 12, made recognition worse on the project's voices):
 * - `-remove_silence no`: every frame is decoded; the voice activity detector dropped accented and noisy
 *   speech as silence (pink noise 10 dB: Caribbean 46% → 54%, West Midlands 54% → 62% keyword recall);
 * - `-warp_type inverse_linear -warp_params 0.95`: a slight frequency warp toward a longer vocal tract
 *   (West Midlands 62% → 69%, Caribbean 54% → 56%).
 */
export const BIASED_DECODER_ARGS: readonly string[] = [
  '-remove_silence',
  'no',
  '-warp_type',
  'inverse_linear',
  '-warp_params',
  '0.95',
];
export const PARTIAL_MS = 100;

/**
 * The live decode of a stream gives partial hypotheses only, so it keeps pocketsphinx's voice activity
 * detector (the graded final, decoded apart, hears every frame): at 30 learners on 2 cores the first partial
 * was 0.85-0.98 s p50 and 1.22-1.25 s p95 with every frame decoded live, 0.69 / 0.73 s without
 * (bench:learners, with the final decoder started 2 s into the stream).
 */
export function liveDecoderArgs(extra: readonly string[] | undefined): string[] {
  const out: string[] = [];
  const list = extra ?? [];
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '-remove_silence') {
      i++;
      continue;
    }
    out.push(list[i]);
  }
  return out;
}

export interface DecodeStats {
  transcript: Transcript;
  /** CPU seconds used by the decoder process (model loading included) */
  cpuSeconds: number;
  /** seconds of audio decoded (padding included) */
  audioSeconds: number;
  biased: boolean;
  /** the lattice scores of the keyword phrases, when they were searched for */
  phrases?: FinalMessage['phrases'];
  /** pocketsphinx's own text, when the transcript's text is the neural recogniser's */
  biasedText?: string;
  /** the neural recogniser's written text (punctuated, numbers as digits), when it ran */
  neuralRaw?: string;
  /** its written text with the line's keywords boosted, when it ran so */
  neuralBoostedRaw?: string;
}

/**
 * Offline speech recognition: pocketsphinx (psdecode child processes), biased toward the expected line, for
 * live partials, keyword search and word timings; the text of an upload's transcript and of a stream's final
 * is the neural recogniser's (Moonshine) when its model is installed (stt-combine.ts).
 */
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
  private readonly conditioning: ConditionSettings | undefined;
  private readonly spotting: SpotSettings | undefined;
  private readonly cacheDir: string;
  private readonly neural: MoonshineRecognizer | undefined;
  private neuralFailure: string | undefined;

  constructor(options: PocketsphinxOptions = {}) {
    this.pool = new Pool(options.concurrency);
    this.streams = new Pool(options.maxStreams ?? 8 * os.availableParallelism());
    this.model = { ...DEFAULT_MODEL, ...options.model };
    this.psdecode = options.psdecode ?? findPsdecode();
    this.ffmpeg = options.ffmpeg ?? 'ffmpeg';
    this.t2p = options.t2p ?? 't2p';
    const bias = { ...DEFAULT_BIAS, ...options.bias };
    const cacheDir = options.cacheDir ?? path.join(os.tmpdir(), 'simcentre-speech');
    this.cacheDir = cacheDir;
    this.store = new ModelStore(this.model, cacheDir, this.psdecode, bias, this.t2p, options.accentVariants ?? true);
    this.biasedArgs = options.biasedDecoderArgs ?? BIASED_DECODER_ARGS;
    this.generalArgs = options.generalDecoderArgs ?? [];
    this.partialMs = options.partialMs ?? PARTIAL_MS;
    this.redecodeStreams = options.redecodeStreams ?? true;
    this.conditioning =
      options.conditioning === false ? undefined : { ...DEFAULT_CONDITIONING, ...options.conditioning };
    this.spotting = options.spotting === false ? undefined : { ...DEFAULT_SPOTTING, ...options.spotting };
    this.neural =
      options.neural === false
        ? undefined
        : (options.neural ?? new MoonshineRecognizer({ concurrency: Math.max(1, os.availableParallelism() / 2) }));
  }

  async status(): Promise<EngineStatus[]> {
    const [decoder, hmm, lm, dict, ffmpeg, t2p, adaptation] = await Promise.all([
      isExecutable(this.psdecode),
      exists(path.join(this.model.hmm, 'mdef')),
      exists(this.model.lm),
      exists(this.model.dict),
      which(this.ffmpeg),
      which(this.t2p),
      adaptationToolsStatus(),
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
      adaptation,
      ...(this.neural ? [await this.neural.status()] : []),
    ];
  }

  /** A speaker's MLLR transform from their earlier recordings (stt-adapt.ts), in a slot of the decoders' pool. */
  adaptSpeaker(samples: AdaptationSample[]): Promise<SpeakerAdaptation> {
    return this.pool.run(() =>
      adaptSpeaker(samples, {
        cacheDir: this.cacheDir,
        model: this.model,
        ffmpeg: this.ffmpeg,
        t2p: this.t2p,
        conditioning: this.conditioning ?? false,
        decoderArgs: this.biasedArgs,
      }),
    );
  }

  async transcribe(audio: Buffer, hints: RecognitionHints = {}): Promise<Transcript> {
    return (await this.transcribeWithStats(audio, hints)).transcript;
  }

  /** transcribe(), with the CPU time the decoders used. */
  async transcribeWithStats(audio: Buffer, hints: RecognitionHints = {}): Promise<DecodeStats> {
    return this.pool.run(async () => {
      const pcm = await decodeAudio(audio, this.ffmpeg);
      const conditioned = this.conditioning ? conditionPcm(pcm, this.conditioning) : pcm;
      const { args, allowed, model } = await this.decoderArgs(hints);
      // beside the pocketsphinx decode (it never rejects); the neural model hears the recording as it came
      // (the floor of the conditioning cost it words)
      const neuralJob = this.recognizeNeural(pcm, model);
      const final = await decodeOnce(args, conditioned);
      const neural = await neuralJob;
      const boosted = neural?.boosted?.[0];
      return {
        transcript: this.transcriptOf(final, allowed, model, neural && reading(neural), hints.expected),
        cpuSeconds: final.cpu + (neural?.cpuSeconds ?? 0),
        audioSeconds: final.audio,
        biased: allowed !== undefined,
        phrases: final.phrases,
        ...(neural ? { biasedText: final.text, neuralRaw: neural.raw } : {}),
        ...(boosted ? { neuralBoostedRaw: boosted.raw } : {}),
      };
    });
  }

  /**
   * The neural recogniser's reading of 16 kHz PCM; undefined when it is not installed or fails (the
   * transcript is then pocketsphinx's alone; the first failure is written to the log).
   */
  private async recognizeNeural(pcm: Buffer, model?: BiasedModel) {
    if (!this.neural || !(await this.neural.available())) return undefined;
    const phrases = [...new Set(model?.phrases.map((p) => p.spoken) ?? [])];
    try {
      return await this.neural.recognize(pcm, phrases.length ? { phrases } : undefined);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (this.neuralFailure !== message) console.warn(`moonshine recognition failed: ${message}`);
      this.neuralFailure = message;
      return undefined;
    }
  }

  /**
   * The final message as a transcript: the neural recogniser's text when there is one (with pocketsphinx's
   * timings and keyword search), profanity the speaker was not expected to say dropped, spotted keywords added.
   */
  private transcriptOf(
    final: FinalMessage,
    allowed: Set<string> | undefined,
    model: BiasedModel | undefined,
    neural?: NeuralReading,
    expected?: string,
  ): Transcript {
    const spotted = model && this.spotting ? acceptedPhrases(model.phrases, final.phrases, this.spotting) : [];
    const biased = { text: final.text, words: final.words, ...(spotted.length ? { spotted } : {}) };
    if (neural === undefined) return { ...filterProfanity(biased, allowed), ...(spotted.length ? { spotted } : {}) };
    const merged = combineTranscripts(biased, neural.text, {
      expected,
      phrases: model?.phrases,
      boosted: neural.boosted,
    });
    return { ...filterProfanity(merged, allowed), ...(merged.spotted ? { spotted: merged.spotted } : {}) };
  }

  async openStream(options: RecognitionHints & { sampleRate: number }): Promise<SttStream> {
    if (!(Number.isFinite(options.sampleRate) && options.sampleRate >= 8000 && options.sampleRate <= 192000)) {
      throw new RangeError('The sample rate must be between 8000 and 192000 Hz');
    }
    const release = this.streams.tryAcquire();
    if (!release) throw new EngineUnavailableError('Too many speech streams are open; try again shortly');
    try {
      const { args, allowed, model } = await this.decoderArgs(options);
      // the live decode only gives partial hypotheses (no keyword search there); the stream starts the final
      // decoder while the learner speaks, so that its model is loaded by the time they stop
      const decoder = new DecoderProcess({
        ...args,
        extra: liveDecoderArgs(args.extra),
        phrases: undefined,
        partialMs: this.partialMs,
      });
      return new PocketsphinxStream(decoder, {
        sampleRate: options.sampleRate,
        partial: (text) => filterProfanity({ text, words: [] }, allowed),
        final: (final, neural) => this.transcriptOf(final, allowed, model, neural, options.expected),
        neural: this.neural
          ? async (whole) => {
              const result = await this.recognizeNeural(whole, model);
              return result && reading(result);
            }
          : undefined,
        startFinalDecoder: this.redecodeStreams ? () => new DecoderProcess(args) : undefined,
        conditioning: this.conditioning,
        release,
      });
    } catch (err) {
      release();
      throw err;
    }
  }

  private async decoderArgs(
    hints: RecognitionHints,
  ): Promise<{ args: DecoderArgs; allowed?: Set<string>; model?: BiasedModel }> {
    if (!(await isExecutable(this.psdecode))) {
      throw new EngineUnavailableError('Speech recognition is disabled: the psdecode helper is not built');
    }
    const biased =
      hints.expected || hints.keywords?.length
        ? await this.store.biased(hints, this.spotting?.latticePosterior !== undefined)
        : undefined;
    // the speaker's adaptation, checked (pocketsphinx exits on a malformed transform)
    const speaker = hints.speaker?.mllr
      ? ['-mllr', await this.store.speakerFile(checkedTransform(hints.speaker.mllr))]
      : [];
    if (biased) {
      return {
        args: {
          binary: this.psdecode,
          hmm: this.model.hmm,
          lm: biased.lm,
          dict: biased.dict,
          extra: [...this.biasedArgs, ...speaker],
          phrases: this.spotting ? biased.phraseFile : undefined,
        },
        allowed: biased.expectedWords,
        model: biased,
      };
    }
    return {
      args: {
        binary: this.psdecode,
        hmm: this.model.hmm,
        lm: this.model.lm,
        dict: this.model.dict,
        extra: [...this.generalArgs, ...speaker],
      },
    };
  }
}

/** The neural recogniser's result as the combination reads it. */
function reading(result: MoonshineResult): NeuralReading {
  const boosted = result.boosted?.[0]?.text;
  return { text: result.text, ...(boosted !== undefined ? { boosted } : {}) };
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
