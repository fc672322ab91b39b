/**
 * The speech engines behind provider interfaces (DECISIONS.md section 5): offline engines from the OS
 * packages by default; a cloud provider can implement the same interfaces later.
 */
export { VOICES, type VoiceName } from '@sim/shared';

import type { TPhraseEvidence, VoiceName } from '@sim/shared';
import type { PoolOwner } from './pool';

export interface TranscriptWord {
  word: string;
  /** seconds from the start of the audio */
  start: number;
  end: number;
  /** 0..1 */
  confidence: number;
}

export interface Transcript {
  text: string;
  words: TranscriptWord[];
  /**
   * Keyword phrases the recogniser found by searching for them (its lattice, keyword spotting) beyond the
   * 1-best text, each normalised as the grader normalises a keyword alternative (normalise() of
   * @sim/shared). Only the phrases it was asked for (RecognitionHints.keywords); absent when none.
   */
  spotted?: string[];
  /**
   * Each keyword phrase the recognisers heard (issue 30): which of them, where in the recording, how sure
   * (stt-fuse.ts). `spotted` lists those beyond the transcript's text.
   */
  evidence?: TPhraseEvidence[];
}

/** What the recogniser may be told to bias recognition (never a closed grammar). */
export interface RecognitionHints {
  expected?: string;
  keywords?: string[];
  /** the speaker's adaptation (stt-adapt.ts), estimated from their earlier recordings */
  speaker?: SpeakerProfile;
  /** whose decode it is: the decoders' queue serves companies, then people, in turn (pool.ts, issue 32) */
  owner?: PoolOwner;
  /** a label of this decode (a line's id) whose place in the queue queuePosition() answers */
  tag?: string;
}

/**
 * A speaker's profile: what an engine's adaptation to one speaker made (pocketsphinx: an MLLR transform). The
 * rest of the server stores and hands it back without reading it.
 */
export interface SpeakerProfile {
  readonly mllr: string;
}

/** What pocketsphinx heard (stt-pocketsphinx-engine.ts): biased toward the line. */
export interface BiasedHypothesis {
  /** its 1-best, in dictionary words */
  text: string;
  words: TranscriptWord[];
  /** the keyword phrases (normalised) its lattice search accepted, with their posterior (0..1) */
  searched: { normalised: string; confidence: number }[];
  /** every searched sequence's lattice score (ln posterior), kept for calibration */
  phrases?: { phrase: string; post: number }[];
  cpuSeconds: number;
  audioSeconds: number;
}

/** What the neural recogniser heard (stt-moonshine.ts): unbiased, and again with the line's keyword phrases boosted. */
export interface NeuralHypothesis {
  /** spoken words, lower case */
  text: string;
  /** as the model wrote it (punctuated, numbers as digits) */
  raw: string;
  boosted?: string;
  boostedRaw?: string;
  cpuSeconds: number;
}

export interface EngineStatus {
  name: string;
  available: boolean;
  /** what was found, or what is missing and what is disabled because of it */
  detail: string;
}

export interface TtsProvider {
  /** identifies the engine set and its settings; part of the cache key of generated audio */
  readonly version: string;
  status(): Promise<EngineStatus[]>;
  /** MP3 bytes of the text spoken by the voice. Throws if the engine produced no audio. */
  synthesize(text: string, voice: VoiceName): Promise<Buffer>;
}

export interface SttStream {
  /** 16-bit little-endian mono PCM at the sample rate given to openStream */
  write(pcm: Buffer): void;
  /** ends the audio; resolves with the final transcript of everything written */
  end(): Promise<Transcript>;
  /** frees the decoder at once (a dropped socket) */
  close(): void;
  on(event: 'partial' | 'final', listener: (t: Transcript) => void): void;
  on(event: 'error', listener: (err: Error) => void): void;
}

/** One of a speaker's earlier recordings, with what they said (speaker adaptation). */
export interface AdaptationSample {
  /** any audio ffmpeg reads */
  audio: Buffer;
  /** what was said */
  text: string;
}

export interface SpeakerAdaptation {
  /** the engine's transform for RecognitionHints.speaker (pocketsphinx: mllr_solve's MLLR transform) */
  mllr: string;
  /** recordings it was estimated from (those that could not be aligned to their text are left out) */
  used: number;
}

export interface SttProvider {
  status(): Promise<EngineStatus[]>;
  /**
   * Adapts the engine to a speaker from their earlier recordings; an engine without adaptation leaves it out.
   * Throws NotEnoughSpeechError (stt-adapt.ts) when too few of them can be used.
   */
  adaptSpeaker?(samples: AdaptationSample[]): Promise<SpeakerAdaptation>;
  /** any audio ffmpeg reads (WAV, webm/opus, MP3...); throws UnsupportedAudioError when it cannot be decoded */
  transcribe(audio: Buffer, hints?: RecognitionHints): Promise<Transcript>;
  openStream(options: RecognitionHints & { sampleRate: number }): Promise<SttStream>;
  /**
   * How many decodes wait before the one tagged so (RecognitionHints.tag); undefined when it is not waiting
   * here (running, done, or on another instance). An engine without a queue leaves it out.
   */
  queuePosition?(tag: string): number | undefined;
}

export class UnsupportedAudioError extends Error {
  constructor(message = 'The audio could not be read. Send WAV, WebM/Opus, OGG or MP3 audio.') {
    super(message);
    this.name = 'UnsupportedAudioError';
  }
}

export class EngineUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EngineUnavailableError';
  }
}
