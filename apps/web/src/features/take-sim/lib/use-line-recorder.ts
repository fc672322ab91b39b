import { recognitionHints } from '@sim/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Endpointer, hangoverFor, takeCapMs, wordCount } from './end-of-speech';
import { keywordsSaid, withTicks } from './live-keywords';
import { type ClipRecorder, openMicrophone, recordClip, releaseStream } from './microphone';
import { Downsampler, rms, streamRateFor, toInt16 } from './pcm';
import { type PcmCapture, startPcmCapture } from './pcm-capture';
import { SpeechSocket } from './speech-socket';
import type { StreamUrlSource } from './stream-url';

export type RecorderPhase = 'idle' | 'starting' | 'recording' | 'stopping';
/** the live transcript: the socket is opening, partials are coming, or it could not be had */
export type LiveState = 'connecting' | 'live' | 'unavailable';

/** The line the learner says: its text and keywords (for the recogniser's bias and the ticks). */
export interface LineToSay {
  script: string;
  keywords: string[];
  tests: { keywords: string[]; name: string; isFlexible: boolean; confidence: number }[];
  natural_lenguage: boolean;
  overalConfidence: number;
}

/** How a take ended by itself (issue 31): the learner stopped speaking, never spoke, or spoke too long. */
export type TakeEnd = { kind: 'end-of-speech' } | { kind: 'no-speech' } | { kind: 'too-long'; capMs: number };

export interface TakeOptions {
  /** the take ends by itself when the learner stops speaking, or says nothing (autoplay); else only at STOP */
  endOfSpeech: boolean;
}

export interface RecordedTake {
  audio: Blob;
  /** the final transcript if the server sent one in time, else the last partial */
  transcript: string;
  durationMs: number;
  /** the live stream's id when its final came: the server may grade the take from that decode */
  streamId?: string;
}

interface Session {
  line: LineToSay;
  stream: MediaStream;
  clip: ClipRecorder;
  capture: PcmCapture | null;
  socket: SpeechSocket | null;
  downsampler: Downsampler | null;
  /** samples captured before the socket was made (at the context's rate, sent once it is) */
  early: Float32Array[];
  /** no live transcript for this take: the frames are not kept for a socket */
  liveOff: boolean;
  /** the end of speech, in autoplay: made at the first samples (it needs their rate) */
  endOfSpeech: boolean;
  endpointer: Endpointer | null;
  lineWords: number;
  /** the words of the live transcript's last partial (null: none came) */
  heardWords: number | null;
  /** the longest take of the line */
  capTimer: number | undefined;
  /** the take's end was told already (once per take) */
  ended: boolean;
  startedAt: number;
  closed: boolean;
}

interface Options {
  streamUrls: StreamUrlSource;
  /** the socket failed while the learner spoke: the take is dropped */
  onSocketFailure: (reason: string) => void;
  /** no live transcript for this take (the stream URL could not be had, no Web Audio): only logged */
  onLiveUnavailable: (error: unknown) => void;
  /**
   * the take ended by itself: the learner stopped speaking or said nothing (only with `endOfSpeech`), or
   * it reached the line's longest take (always). The caller stops or cancels the take.
   */
  onTakeEnd: (end: TakeEnd) => void;
}

const LEVEL_STEP = 0.02;

/**
 * The learner's take of a line: MediaRecorder keeps the recording (uploaded after stop) while the same
 * microphone is streamed as 16-bit PCM to the speech websocket for the live transcript, whose partials tick
 * the keywords as they are said. The same samples feed the end-of-speech endpointer in autoplay (its
 * hangover longer while the transcript holds clearly fewer words than the line), and every take has a
 * longest length (takeCapMs).
 */
export function useLineRecorder({ streamUrls, onSocketFailure, onLiveUnavailable, onTakeEnd }: Options) {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [transcript, setTranscript] = useState('');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const [live, setLive] = useState<LiveState>('connecting');
  const [level, setLevel] = useState(0);
  const session = useRef<Session | null>(null);
  const handlers = useRef({ onSocketFailure, onLiveUnavailable, onTakeEnd });
  handlers.current = { onSocketFailure, onLiveUnavailable, onTakeEnd };

  /** tells the take's end once, while the take is the current one */
  const endTake = useCallback((s: Session, end: TakeEnd) => {
    if (s.ended || s.closed || session.current !== s) return;
    s.ended = true;
    handlers.current.onTakeEnd(end);
  }, []);

  const teardown = useCallback((s: Session) => {
    window.clearTimeout(s.capTimer);
    s.closed = true;
    s.socket?.close();
    s.clip.cancel();
    void s.capture?.stop();
    releaseStream(s.stream);
  }, []);

  const cancel = useCallback(() => {
    const s = session.current;
    session.current = null;
    if (s) teardown(s);
    setPhase('idle');
    setLevel(0);
  }, [teardown]);

  useEffect(() => cancel, [cancel]);

  const reset = useCallback(() => {
    setTranscript('');
    setTicked(new Set());
    setLive('connecting');
    setLevel(0);
  }, []);

  const connect = useCallback(
    async (s: Session, line: LineToSay) => {
      const onChunk = (samples: Float32Array, sampleRate: number) => {
        if (s.closed) return;
        const loudness = Math.min(1, rms(samples) * 4);
        setLevel((old) => (Math.abs(old - loudness) >= LEVEL_STEP ? loudness : old));
        if (s.socket && s.downsampler) s.socket.send(toInt16(s.downsampler.push(samples)));
        else if (!s.liveOff) s.early.push(samples);
        if (s.endOfSpeech && !s.ended) {
          s.endpointer ??= new Endpointer(sampleRate);
          for (const event of s.endpointer.push(samples)) {
            // a burst the live transcript found no word in (a cough, a chair): not the learner's line
            if (event.type === 'end-of-speech' && s.heardWords === 0) s.endpointer.resume();
            else if (event.type === 'end-of-speech') endTake(s, { kind: 'end-of-speech' });
            else if (event.type === 'no-speech') endTake(s, { kind: 'no-speech' });
          }
        }
      };
      const unavailable = (error: unknown) => {
        s.liveOff = true;
        s.early = [];
        if (s.closed) return;
        setLive('unavailable');
        handlers.current.onLiveUnavailable(error);
      };
      // the capture is kept even without a stream URL: the end of speech listens to it, and teardown stops it
      const [url, capture] = await Promise.allSettled([streamUrls.get(), startPcmCapture(s.stream, onChunk)]);
      if (capture.status === 'fulfilled') s.capture = capture.value;
      if (s.closed) {
        void s.capture?.stop();
        return;
      }
      if (capture.status === 'rejected') return unavailable(capture.reason);
      if (url.status === 'rejected') return unavailable(url.reason);
      if (!s.capture) return unavailable(new Error('Web Audio is not available'));
      const rate = streamRateFor(s.capture.sampleRate);
      s.downsampler = new Downsampler(s.capture.sampleRate, rate);
      s.socket = new SpeechSocket(
        url.value,
        // the hints the server grades the line with, so that the stream's decode can grade it
        { sampleRate: rate, ...recognitionHints(line) },
        {
          onPartial: (text) => {
            if (s.closed) return;
            setLive('live');
            setTranscript(text);
            setTicked((old) => withTicks(old, keywordsSaid(text, line)));
            s.heardWords = wordCount(text);
            s.endpointer?.setHangover(hangoverFor(s.heardWords, s.lineWords));
          },
          onFailure: (reason) => {
            if (s.closed || session.current !== s) return;
            session.current = null;
            teardown(s);
            setPhase('idle');
            setLevel(0);
            handlers.current.onSocketFailure(reason);
          },
          onRefused: (reason) => {
            // the take goes on without a live transcript; its upload is graded
            if (s.closed || session.current !== s) return;
            setLive('unavailable');
            handlers.current.onLiveUnavailable(new Error(reason));
          },
        },
      );
      for (const samples of s.early.splice(0)) s.socket.send(toInt16(s.downsampler.push(samples)));
    },
    [endTake, streamUrls, teardown],
  );

  /** Opens the microphone and starts the take; throws MicrophoneError with the message to show. */
  const start = useCallback(
    async (line: LineToSay, options: TakeOptions = { endOfSpeech: false }) => {
      if (session.current) return;
      reset();
      setPhase('starting');
      let stream: MediaStream;
      try {
        stream = await openMicrophone();
      } catch (error) {
        setPhase('idle');
        throw error;
      }
      let clip: ClipRecorder;
      try {
        clip = recordClip(stream);
      } catch (error) {
        releaseStream(stream);
        setPhase('idle');
        throw error;
      }
      const s: Session = {
        line,
        stream,
        clip,
        capture: null,
        socket: null,
        downsampler: null,
        early: [],
        liveOff: false,
        endOfSpeech: options.endOfSpeech,
        endpointer: null,
        lineWords: wordCount(line.script),
        heardWords: null,
        capTimer: undefined,
        ended: false,
        startedAt: Date.now(),
        closed: false,
      };
      session.current = s;
      const capMs = takeCapMs(s.lineWords);
      s.capTimer = window.setTimeout(() => endTake(s, { kind: 'too-long', capMs }), capMs);
      setPhase('recording');
      void connect(s, line);
    },
    [connect, endTake, reset],
  );

  /** Ends the take: answers the recording and its transcript (null when no take was running). */
  const stop = useCallback(async (): Promise<RecordedTake | null> => {
    const s = session.current;
    if (!s) return null;
    session.current = null;
    window.clearTimeout(s.capTimer);
    setPhase('stopping');
    setLevel(0);
    const durationMs = Date.now() - s.startedAt;
    const [audio] = await Promise.all([s.clip.stop(), s.capture?.stop()]);
    releaseStream(s.stream);
    const final = s.socket ? await s.socket.stop() : null;
    s.closed = true;
    const text = (final ?? s.socket?.text ?? '').trim();
    if (final !== null) {
      setTranscript(final);
      setTicked((old) => withTicks(old, keywordsSaid(final, s.line)));
    }
    streamUrls.afterRecording(durationMs);
    setPhase('idle');
    return { audio, transcript: text, durationMs, streamId: final !== null ? s.socket?.streamId : undefined };
  }, [streamUrls]);

  return { phase, transcript, ticked, live, level, start, stop, cancel, reset };
}
