import path from 'node:path';
import { exists, isExecutable, which } from '../../../../lib/process';
import type { ConditionSettings } from '../audio/stt-condition';
import { type LineTarget, placesOf } from '../fusion/stt-line-target';
import { spokenForm } from '../stt-text';
import {
  type AdaptationSample,
  type BiasedHypothesis,
  type EngineStatus,
  EngineUnavailableError,
  type RecognitionHints,
  type SpeakerAdaptation,
  type SpeakerProfile,
} from '../types';
import { adaptationToolsStatus, adaptSpeaker } from './stt-adapt';
import { type DecoderArgs, DecoderProcess, decodeOnce } from './stt-decoder';
import { type BiasSettings, DEFAULT_BIAS, LIVE_BIAS } from './stt-lm';
import { checkedTransform } from './stt-mllr';
import { DEFAULT_MODEL, ModelStore, type SphinxModel } from './stt-models';
import { DEFAULT_SPOTTING, type SpotSettings, searchedPhrases } from './stt-spot';

export interface PocketsphinxEngineOptions {
  psdecode: string;
  t2p?: string;
  model?: Partial<SphinxModel>;
  /** where biased models are cached */
  cacheDir: string;
  bias?: Partial<BiasSettings>;
  /**
   * the bias of the live decode's model (default LIVE_BIAS, over DEFAULT_BIAS); 'graded': the live decode uses
   * the graded decode's biased model (as before issue 31)
   */
  liveBias?: Partial<BiasSettings> | 'graded';
  /** pocketsphinx options used with the biased models */
  biasedDecoderArgs?: readonly string[];
  /** pocketsphinx options used with the general model */
  generalDecoderArgs?: readonly string[];
  /** partial hypotheses of a live decode every N ms of audio */
  partialMs: number;
  /** give the expected words their pronunciations in other English accents (default true; stt-accents.ts) */
  accentVariants?: boolean;
  /** keyword search thresholds (default DEFAULT_SPOTTING); false: no keyword search */
  spotting?: Partial<SpotSettings> | false;
  /** the conditioning the recordings get before they are decoded (speaker adaptation sees the same) */
  conditioning?: ConditionSettings;
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

/**
 * pocketsphinx (psdecode child processes) as one engine of the pipeline: it compiles a line into its biased
 * language model and keyword phrases, decodes 16 kHz PCM biased toward the line (never a closed grammar)
 * into a hypothesis (1-best with word times, the keyword phrases its lattice search accepted), decodes live
 * for partial hypotheses, and adapts to a speaker (an MLLR transform: the profile is opaque to the rest).
 */
export class PocketsphinxEngine {
  readonly model: SphinxModel;
  private readonly store: ModelStore;
  /** the live decodes' models; undefined: the graded decode's */
  private readonly liveStore: ModelStore | undefined;
  private readonly biasedArgs: readonly string[];
  private readonly generalArgs: readonly string[];
  private readonly spotting: SpotSettings | undefined;

  constructor(private readonly options: PocketsphinxEngineOptions) {
    this.model = { ...DEFAULT_MODEL, ...options.model };
    const bias = { ...DEFAULT_BIAS, ...options.bias };
    this.store = new ModelStore(
      this.model,
      options.cacheDir,
      options.psdecode,
      bias,
      options.t2p ?? 't2p',
      options.accentVariants ?? true,
    );
    this.liveStore =
      options.liveBias === 'graded'
        ? undefined
        : new ModelStore(
            this.model,
            options.cacheDir,
            options.psdecode,
            { ...DEFAULT_BIAS, ...LIVE_BIAS, ...options.liveBias },
            options.t2p ?? 't2p',
            options.accentVariants ?? true,
          );
    this.biasedArgs = options.biasedDecoderArgs ?? BIASED_DECODER_ARGS;
    this.generalArgs = options.generalDecoderArgs ?? [];
    this.spotting = options.spotting === false ? undefined : { ...DEFAULT_SPOTTING, ...options.spotting };
  }

  async status(): Promise<EngineStatus[]> {
    const [decoder, hmm, lm, dict, t2p, adaptation] = await Promise.all([
      isExecutable(this.options.psdecode),
      exists(path.join(this.model.hmm, 'mdef')),
      exists(this.model.lm),
      exists(this.model.dict),
      which(this.options.t2p ?? 't2p'),
      adaptationToolsStatus(),
    ]);
    const modelOk = hmm && lm && dict;
    let detail = `psdecode ${this.options.psdecode}, model ${this.model.hmm}`;
    if (!decoder) {
      detail = `psdecode not built at ${this.options.psdecode} (run scripts/build-native.sh; needs libpocketsphinx-dev): speech recognition disabled`;
    } else if (!modelOk) {
      detail = `pocketsphinx-en-us model missing under ${this.model.hmm}: speech recognition disabled`;
    }
    return [
      { name: 'pocketsphinx', available: decoder && modelOk, detail },
      {
        name: 't2p (pronunciation of unknown words)',
        available: Boolean(t2p),
        detail: t2p ?? 'flite t2p missing: words not in the dictionary are left out of the biased model',
      },
      adaptation,
    ];
  }

  /**
   * The line compiled once: its spoken words, keyword phrases (those the dictionary can pronounce) and their
   * places, and the biased language model (undefined when the hints hold no usable word: the general model).
   */
  async compile(hints: RecognitionHints): Promise<LineTarget> {
    if (!(await isExecutable(this.options.psdecode))) {
      throw new EngineUnavailableError('Speech recognition is disabled: the psdecode helper is not built');
    }
    const expected = hints.expected?.trim() ? spokenForm(hints.expected).words : [];
    const model =
      hints.expected || hints.keywords?.length
        ? await this.store.biased(hints, this.spotting?.latticePosterior !== undefined)
        : undefined;
    return {
      expected,
      phrases: model?.phrases ?? [],
      places: placesOf(hints.keywords ?? [], expected),
      ...(model ? { model } : {}),
    };
  }

  /** Decodes a whole recording (16 kHz PCM, conditioned) biased toward the line. */
  async decode(pcm: Buffer, target: LineTarget, speaker?: SpeakerProfile): Promise<BiasedHypothesis> {
    return this.hypothesisOf(await decodeOnce(await this.args(target, speaker), pcm), target);
  }

  /**
   * The decoders of a stream: the live one, started now, gives partial hypotheses as audio arrives (no
   * keyword search there); `final` starts one that decodes the whole recording written at once, as decode()
   * does (its final message is read by hypothesisOf).
   *
   * The live decode has a model of its own (issue 31, defect 4): the line's words and sequence favoured far
   * less than in the graded decode (LIVE_BIAS), so that its partials follow what the learner says; with the
   * graded decode's model a learner who said something else read the line's words they never said. The
   * final, which grades the line, is the graded decode as before.
   */
  async streamDecoders(
    target: LineTarget,
    hints: RecognitionHints,
    speaker?: SpeakerProfile,
  ): Promise<{ live: DecoderProcess; final: () => DecoderProcess }> {
    const args = await this.args(target, speaker);
    const model = target.model && this.liveStore ? await this.liveStore.languageModel(hints) : undefined;
    const live = {
      ...args,
      ...(model ? { lm: model.lm, dict: model.dict } : {}),
      extra: liveDecoderArgs(args.extra),
      phrases: undefined,
      partialMs: this.options.partialMs,
    };
    return { live: new DecoderProcess(live), final: () => new DecoderProcess(args) };
  }

  /** A decoder's final message as a hypothesis (its keyword search read against the line's phrases). */
  hypothesisOf(final: Awaited<DecoderProcess['done']>, target: LineTarget): BiasedHypothesis {
    const searched =
      target.model && this.spotting ? searchedPhrases(target.model.phrases, final.phrases, this.spotting) : [];
    return {
      text: final.text,
      words: final.words,
      searched,
      ...(final.phrases ? { phrases: final.phrases } : {}),
      cpuSeconds: final.cpu,
      audioSeconds: final.audio,
    };
  }

  /** A speaker's profile (an MLLR transform) estimated from their earlier recordings (stt-adapt.ts). */
  adapt(samples: AdaptationSample[], ffmpeg: string): Promise<SpeakerAdaptation> {
    return adaptSpeaker(samples, {
      cacheDir: this.options.cacheDir,
      model: this.model,
      ffmpeg,
      t2p: this.options.t2p ?? 't2p',
      conditioning: this.options.conditioning ?? false,
      decoderArgs: this.biasedArgs,
    });
  }

  private async args(target: LineTarget, speaker?: SpeakerProfile): Promise<DecoderArgs> {
    // the speaker's adaptation, checked (pocketsphinx exits on a malformed transform)
    const adapted = speaker?.mllr ? ['-mllr', await this.store.speakerFile(checkedTransform(speaker.mllr))] : [];
    const { model } = target;
    if (model) {
      return {
        binary: this.options.psdecode,
        hmm: this.model.hmm,
        lm: model.lm,
        dict: model.dict,
        extra: [...this.biasedArgs, ...adapted],
        phrases: this.spotting ? model.phraseFile : undefined,
      };
    }
    return {
      binary: this.options.psdecode,
      hmm: this.model.hmm,
      lm: this.model.lm,
      dict: this.model.dict,
      extra: [...this.generalArgs, ...adapted],
    };
  }
}
