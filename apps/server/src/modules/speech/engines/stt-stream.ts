import { EventEmitter } from 'node:events';
import { MAX_AUDIO_SECONDS, PAD_SECONDS, SAMPLE_RATE } from './stt-audio';
import type { DecoderProcess } from './stt-decoder';
import { Resampler } from './stt-resample';
import type { SttStream, Transcript } from './types';

/**
 * A live recognition session over one psdecode process: partial hypotheses while PCM arrives (text only,
 * `words` empty), then at end() the whole recording decoded again (with the bias) for the final transcript
 * with word timings.
 */
export class PocketsphinxStream implements SttStream {
  private readonly events = new EventEmitter();
  private readonly resampler: Resampler | undefined;
  private bytes = 0;
  private state: 'open' | 'ending' | 'closed' = 'open';
  private failure: Error | undefined;

  constructor(
    private readonly decoder: DecoderProcess,
    sampleRate: number,
    /** drops invented profanity */
    private readonly clean: (t: Transcript) => Transcript,
    private readonly release: () => void,
  ) {
    this.resampler = sampleRate === SAMPLE_RATE ? undefined : new Resampler(sampleRate, SAMPLE_RATE);
    decoder.on('partial', (message: { text: string }) => {
      if (this.state === 'open') this.events.emit('partial', this.clean({ text: message.text, words: [] }));
    });
    decoder.done.then(
      () => undefined,
      (err: Error) => {
        if (this.state === 'open') {
          this.fail(err);
        }
      },
    );
  }

  write(pcm: Buffer): void {
    if (this.state !== 'open') return;
    const out = this.resampler ? this.resampler.push(pcm) : pcm;
    this.bytes += out.length;
    if (this.bytes > MAX_AUDIO_SECONDS * SAMPLE_RATE * 2) {
      this.fail(new Error(`The recording is longer than ${MAX_AUDIO_SECONDS} seconds`));
      return;
    }
    if (out.length) this.decoder.write(out);
  }

  async end(): Promise<Transcript> {
    if (this.state !== 'open') throw this.failure ?? new Error('The speech stream is closed');
    this.state = 'ending';
    if (this.resampler) this.decoder.write(this.resampler.flush());
    this.decoder.write(Buffer.alloc(PAD_SECONDS * SAMPLE_RATE * 2));
    this.decoder.end();
    try {
      const { text, words } = await this.decoder.done;
      const transcript = this.clean({ text, words });
      this.events.emit('final', transcript);
      return transcript;
    } finally {
      this.close();
    }
  }

  close(): void {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.decoder.kill();
    this.release();
  }

  on(event: 'partial' | 'final', listener: (t: Transcript) => void): void;
  on(event: 'error', listener: (err: Error) => void): void;
  on(event: 'partial' | 'final' | 'error', listener: ((t: Transcript) => void) | ((err: Error) => void)): void {
    this.events.on(event, listener);
  }

  private fail(err: Error): void {
    this.failure = err;
    this.close();
    // an 'error' event without a listener would throw: the caller may only use end()'s rejection
    if (this.events.listenerCount('error')) this.events.emit('error', err);
  }
}
