/**
 * End of speech for the learner's take (issue 31): an energy endpointer fed with the microphone's samples as
 * they come, at the audio context's rate. Pure: no clock, no Web Audio; its time is the audio it was given.
 *
 * - Energy in 20 ms frames, smoothed over 60 ms, in dBFS.
 * - An adaptive noise floor: the lowest smoothed energy of the last 3 s (a minimum tracker: it falls at once
 *   when the room is quieter and climbs within 3 s when it gets louder). Digital silence (a muted or
 *   starting microphone hands over exact zeros) says nothing about the room and is left out.
 * - Speech starts when 160 ms of the last 300 ms are 12 dB over the floor (a click or a knock is too short).
 * - Once speech has started, a frame 7 dB over the floor keeps it going; the speech ends when no frame has
 *   for the hangover (1.3 s, chosen from bench/results/take-sim-vad.md). A burst that stops with less than
 *   300 ms of speech in it (a cough, a chair) was not speech: the endpointer waits again.
 * - Nothing said for `noSpeechMs` since the start: 'no-speech'.
 * The caller may not believe an end of speech (resume()): the recorder does not when the live transcript has
 * found no word in what was heard.
 */

export const FRAME_MS = 20;

export interface EndpointerSettings {
  /** silence after the last speech frame that ends the speech */
  hangoverMs: number;
  /** audio since the start with no speech at all after which 'no-speech' is told (Infinity: never) */
  noSpeechMs: number;
  /** speech frames within `onsetWindowMs` that start the speech */
  onsetMs: number;
  onsetWindowMs: number;
  /** speech frames a burst needs to have been speech when its hangover runs out */
  minSpeechMs: number;
  /** dB over the floor of a frame that can start the speech */
  startDb: number;
  /** dB over the floor of a frame that keeps the speech going */
  keepDb: number;
  /** how far back the floor's minimum looks */
  floorWindowMs: number;
  /** frames averaged (in power) into the energy a frame is judged by */
  smoothFrames: number;
}

export const END_OF_SPEECH: Readonly<EndpointerSettings> = {
  hangoverMs: 1300,
  noSpeechMs: 10_000,
  onsetMs: 160,
  onsetWindowMs: 300,
  minSpeechMs: 300,
  startDb: 10,
  keepDb: 7,
  floorWindowMs: 3000,
  smoothFrames: 3,
};

/** the floor never goes under this (a perfectly quiet input must not make breath or hiss speech), dBFS */
const FLOOR_MIN_DB = -75;
/** frames under this are digital silence, left out of the floor, dBFS */
const DIGITAL_SILENCE_DB = -100;

export type EndpointEvent =
  | { type: 'speech-start'; atMs: number }
  | { type: 'end-of-speech'; atMs: number /** the end of the last speech frame */; speechEndMs: number }
  | { type: 'no-speech'; atMs: number };

export type EndpointerState = 'waiting' | 'speech' | 'ended';

/** The energy of a block of samples, dBFS (digital silence: -120). */
export function energyDb(samples: ArrayLike<number>, from = 0, to = samples.length): number {
  let sum = 0;
  for (let i = from; i < to; i += 1) {
    const s = samples[i] ?? 0;
    sum += s * s;
  }
  const power = to > from ? sum / (to - from) : 0;
  return power > 1e-12 ? 10 * Math.log10(power) : -120;
}

/** A sliding minimum over the last `size` values pushed (a monotonic queue). */
class SlidingMinimum {
  private readonly values: number[] = [];
  private readonly stamps: number[] = [];
  private head = 0;
  private count = 0;

  constructor(private readonly size: number) {}

  push(value: number) {
    const stamp = this.count;
    this.count += 1;
    while (this.values.length > this.head && (this.values.at(-1) ?? Infinity) >= value) {
      this.values.pop();
      this.stamps.pop();
    }
    this.values.push(value);
    this.stamps.push(stamp);
    while ((this.stamps[this.head] ?? stamp) <= stamp - this.size) this.head += 1;
    if (this.head > 1024) {
      this.values.splice(0, this.head);
      this.stamps.splice(0, this.head);
      this.head = 0;
    }
  }

  get min(): number | null {
    return this.values.length > this.head ? (this.values[this.head] ?? null) : null;
  }
}

export class Endpointer {
  private readonly settings: EndpointerSettings;
  private readonly frameSize: number;
  private readonly frameMs: number;
  private readonly pending: Float32Array;
  private filled = 0;
  private frames = 0;
  private readonly powers: number[] = [];
  private readonly floor: SlidingMinimum;
  /** the last frames' verdicts against the start threshold, for the onset */
  private readonly onset: boolean[] = [];
  private phase: EndpointerState = 'waiting';
  private lastSpeechEnd = 0;
  private speechMs = 0;
  private hangoverMs: number;

  constructor(
    readonly sampleRate: number,
    settings: Partial<EndpointerSettings> = {},
  ) {
    if (!(sampleRate > 0)) throw new RangeError('the sample rate must be positive');
    this.settings = { ...END_OF_SPEECH, ...settings };
    this.hangoverMs = this.settings.hangoverMs;
    this.frameSize = Math.max(1, Math.round((sampleRate * FRAME_MS) / 1000));
    this.frameMs = (this.frameSize / sampleRate) * 1000;
    this.pending = new Float32Array(this.frameSize);
    this.floor = new SlidingMinimum(Math.max(1, Math.round(this.settings.floorWindowMs / this.frameMs)));
  }

  get state(): EndpointerState {
    return this.phase;
  }

  /** the audio handed over so far, ms */
  get elapsedMs(): number {
    return (this.frames * this.frameSize + this.filled) * (1000 / this.sampleRate);
  }

  /** the floor the frames are judged against, dBFS (null before the first frame of sound) */
  get floorDb(): number | null {
    const min = this.floor.min;
    return min === null ? null : Math.max(FLOOR_MIN_DB, min);
  }

  /**
   * Listens again after an end of speech the caller does not believe (a cough the live transcript found no
   * word in): the endpointer waits for speech, and "no speech" is told as if that burst had not been.
   */
  resume() {
    if (this.phase !== 'ended') return;
    this.phase = 'waiting';
    this.speechMs = 0;
    this.onset.length = 0;
  }

  /** Changes the hangover from now on (a longer one while the learner has said less than the line). */
  setHangover(ms: number) {
    this.hangoverMs = ms;
  }

  /** Hands over samples; answers what happened in them, in order (nothing more once the speech has ended). */
  push(samples: Float32Array): EndpointEvent[] {
    const events: EndpointEvent[] = [];
    let offset = 0;
    while (offset < samples.length && this.phase !== 'ended') {
      const take = Math.min(samples.length - offset, this.frameSize - this.filled);
      this.pending.set(samples.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.frameSize) {
        this.filled = 0;
        this.frames += 1;
        const event = this.frame(energyDb(this.pending));
        if (event) events.push(event);
      }
    }
    return events;
  }

  private frame(db: number): EndpointEvent | null {
    const { settings } = this;
    const now = this.frames * this.frameMs;
    this.powers.push(db > -120 ? 10 ** (db / 10) : 0);
    if (this.powers.length > settings.smoothFrames) this.powers.shift();
    const mean = this.powers.reduce((a, p) => a + p, 0) / this.powers.length;
    const smoothed = mean > 1e-12 ? 10 * Math.log10(mean) : -120;
    if (db > DIGITAL_SILENCE_DB) this.floor.push(smoothed);
    const floor = this.floorDb;

    if (this.phase === 'waiting') {
      const loud = floor !== null && smoothed >= floor + settings.startDb;
      this.onset.push(loud);
      const windowFrames = Math.max(1, Math.round(settings.onsetWindowMs / this.frameMs));
      if (this.onset.length > windowFrames) this.onset.shift();
      const loudMs = this.onset.filter(Boolean).length * this.frameMs;
      if (loudMs >= settings.onsetMs) {
        this.phase = 'speech';
        this.onset.length = 0;
        this.speechMs = loudMs;
        this.lastSpeechEnd = now;
        return { type: 'speech-start', atMs: now - loudMs };
      }
      if (now >= settings.noSpeechMs) {
        this.phase = 'ended';
        return { type: 'no-speech', atMs: now };
      }
      return null;
    }

    // speech
    if (floor !== null && smoothed >= floor + settings.keepDb) {
      this.lastSpeechEnd = now;
      this.speechMs += this.frameMs;
      return null;
    }
    if (now - this.lastSpeechEnd < this.hangoverMs) return null;
    if (this.speechMs < settings.minSpeechMs) {
      // a cough or a knock: wait for the speech again
      this.phase = 'waiting';
      this.speechMs = 0;
      if (now >= settings.noSpeechMs) {
        this.phase = 'ended';
        return { type: 'no-speech', atMs: now };
      }
      return null;
    }
    this.phase = 'ended';
    return { type: 'end-of-speech', atMs: now, speechEndMs: this.lastSpeechEnd };
  }
}

/** The words of a line or a transcript, as the endpointer counts them. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** The hangover while the learner has clearly said less than the line (kept under 2 s). */
export const LONG_HANGOVER_MS = 1800;
/** "clearly less": under this share of the line's words heard in the live transcript */
export const SAID_LESS_SHARE = 0.7;

/**
 * The hangover for the words heard so far: the long one while the live transcript holds clearly fewer words
 * than the line (a slow speaker pausing mid-line), the usual one otherwise, and when there is no transcript.
 */
export function hangoverFor(heardWords: number | null, lineWords: number): number {
  if (heardWords === null || lineWords <= 0) return END_OF_SPEECH.hangoverMs;
  return heardWords < lineWords * SAID_LESS_SHARE ? LONG_HANGOVER_MS : END_OF_SPEECH.hangoverMs;
}

/** The longest take of a line: max(15 s, 0.8 s a word + 8 s), at most 60 s. */
export function takeCapMs(lineWords: number): number {
  return Math.min(60_000, Math.max(15_000, lineWords * 800 + 8000));
}
