import { EventEmitter } from 'node:events';
import { MAX_AUDIO_SECONDS, PAD_SECONDS, padSilence, SAMPLE_RATE } from '../audio/stt-audio';
import { type ConditionSettings, conditionPcm, PcmConditioner } from '../audio/stt-condition';
import { Resampler } from '../audio/stt-resample';
import type { NeuralHypothesis, SttStream, Transcript } from '../types';
import type { DecoderProcess, FinalMessage } from './stt-decoder';

export interface StreamOptions {
  /** rate of the PCM written */
  sampleRate: number;
  /** a partial hypothesis as a transcript (invented profanity dropped) */
  partial: (text: string) => Transcript;
  /** the decoder's final message as the transcript, with the neural recogniser's reading of the recording */
  final: (message: FinalMessage, neural?: NeuralHypothesis) => Transcript;
  /**
   * the neural recogniser's reading of the whole recording (16 kHz, padded, not conditioned), run beside the
   * final decoder; undefined (or an undefined answer): pocketsphinx's text is the final's
   */
  neural?: (whole: Buffer) => Promise<NeuralHypothesis | undefined>;
  /**
   * Starts a second decoder that decodes the whole recording at end() — padded and conditioned as an upload of
   * it is — with the bias and the keyword search; undefined: the live decoder's own final is used. The stream
   * starts it FINAL_DECODER_DELAY_MS after it opens (its model then loads while the learner speaks, without
   * competing with the live decoder's own start), or at end() if it is shorter.
   */
  startFinalDecoder?: () => DecoderProcess;
  /** input conditioning (stt-condition.ts); undefined: none */
  conditioning?: ConditionSettings;
  /** frees the stream's slot */
  release: () => void;
}

/** How long after a stream opens its final decoder is started. */
export const FINAL_DECODER_DELAY_MS = 2000;

/**
 * A live recognition session: partial hypotheses from a psdecode process decoding the PCM as it arrives
 * (text only, `words` empty), then at end() the final transcript with word timings. The PCM is resampled to
 * 16 kHz; the live decoder hears it conditioned causally (PcmConditioner). At end() the whole recording is
 * padded, conditioned and decoded by the stream's second decoder, exactly as an upload of it would be (the
 * bias and the keyword search), so that a line graded from its stream is graded from the same evidence. That
 * decoder is started FINAL_DECODER_DELAY_MS after the stream: its model is loaded while the learner speaks
 * (bench:learners: a process started at end() took the final from 0.36 to 2.3 s median; one started with
 * the stream, or a second after it, delayed the first partial at 30 learners from 0.70 to 1.1-1.4 s p95;
 * two seconds after it, 0.73 s).
 */
export class PocketsphinxStream implements SttStream {
  private readonly events = new EventEmitter();
  private readonly resampler: Resampler | undefined;
  private readonly conditioner: PcmConditioner | undefined;
  private readonly release: () => void;
  /** the 16 kHz audio received, kept for the final decode */
  private readonly received: Buffer[] = [];
  private bytes = 0;
  private state: 'open' | 'ending' | 'closed' = 'open';
  private finalDecoder: DecoderProcess | undefined;
  private finalTimer: NodeJS.Timeout | undefined;
  private failure: Error | undefined;

  constructor(
    private readonly decoder: DecoderProcess,
    private readonly options: StreamOptions,
  ) {
    const { sampleRate } = options;
    this.resampler = sampleRate === SAMPLE_RATE ? undefined : new Resampler(sampleRate, SAMPLE_RATE);
    this.conditioner = options.conditioning ? new PcmConditioner(options.conditioning) : undefined;
    this.release = options.release;
    decoder.on('partial', (message: { text: string }) => {
      if (this.state === 'open') this.events.emit('partial', options.partial(message.text));
    });
    this.watch(decoder);
    if (options.startFinalDecoder) {
      this.finalTimer = setTimeout(() => this.ensureFinalDecoder(), FINAL_DECODER_DELAY_MS);
      this.finalTimer.unref();
    }
  }

  /** a decoder that fails while the learner speaks fails the stream (at end() its failure reaches the caller) */
  private watch(d: DecoderProcess): void {
    d.done.then(
      () => undefined,
      (err: Error) => {
        if (this.state === 'open') {
          this.fail(err);
        }
      },
    );
  }

  private ensureFinalDecoder(): DecoderProcess | undefined {
    if (this.finalDecoder || !this.options.startFinalDecoder || this.state === 'closed') return this.finalDecoder;
    this.finalDecoder = this.options.startFinalDecoder();
    this.watch(this.finalDecoder);
    return this.finalDecoder;
  }

  write(pcm: Buffer): void {
    if (this.state !== 'open') return;
    const out = this.resampler ? this.resampler.push(pcm) : pcm;
    this.bytes += out.length;
    if (this.bytes > MAX_AUDIO_SECONDS * SAMPLE_RATE * 2) {
      this.fail(new Error(`The recording is longer than ${MAX_AUDIO_SECONDS} seconds`));
      return;
    }
    this.live(out);
  }

  async end(): Promise<Transcript> {
    if (this.state !== 'open') throw this.failure ?? new Error('The speech stream is closed');
    this.state = 'ending';
    if (this.resampler) this.live(this.resampler.flush());
    try {
      const { message, neural } = await this.finalDecode();
      const transcript = this.options.final(message, neural);
      this.events.emit('final', transcript);
      return transcript;
    } finally {
      this.close();
    }
  }

  close(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.received.length = 0;
    clearTimeout(this.finalTimer);
    this.decoder.kill();
    this.finalDecoder?.kill();
    this.release();
  }

  on(event: 'partial' | 'final', listener: (t: Transcript) => void): void;
  on(event: 'error', listener: (err: Error) => void): void;
  on(event: 'partial' | 'final' | 'error', listener: ((t: Transcript) => void) | ((err: Error) => void)): void {
    this.events.on(event, listener);
  }

  /** The final message: the whole recording decoded again by the final decoder, or the live decoder's. */
  private async finalDecode(): Promise<{ message: FinalMessage; neural?: NeuralHypothesis }> {
    const { conditioning } = this.options;
    const finalDecoder = this.ensureFinalDecoder();
    if (finalDecoder) {
      this.decoder.kill();
      const padded = padSilence(Buffer.concat(this.received));
      this.received.length = 0;
      const whole = conditioning ? conditionPcm(padded, conditioning) : padded;
      finalDecoder.write(whole);
      finalDecoder.end();
      const [message, neural] = await Promise.all([finalDecoder.done, this.options.neural?.(padded)]);
      return { message, neural };
    }
    this.live(Buffer.alloc(PAD_SECONDS * SAMPLE_RATE * 2));
    if (this.conditioner) this.decoder.write(this.conditioner.flush());
    this.decoder.end();
    return { message: await this.decoder.done };
  }

  /** 16 kHz PCM to the live decoder (conditioned), kept for the final decode */
  private live(pcm: Buffer): void {
    if (!pcm.length) return;
    if (this.options.startFinalDecoder) this.received.push(pcm);
    const out = this.conditioner ? this.conditioner.push(pcm) : pcm;
    if (out.length) this.decoder.write(out);
  }

  private fail(err: Error): void {
    this.failure = err;
    this.close();
    // an 'error' event without a listener would throw: the caller may only use end()'s rejection
    if (this.events.listenerCount('error')) this.events.emit('error', err);
  }
}
