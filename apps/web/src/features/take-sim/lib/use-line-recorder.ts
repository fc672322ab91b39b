import { recognitionHints } from '@sim/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
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
  /** frames captured before the socket was made */
  early: Int16Array[];
  startedAt: number;
  closed: boolean;
}

interface Options {
  streamUrls: StreamUrlSource;
  /** the socket failed while the learner spoke: the take is dropped */
  onSocketFailure: (reason: string) => void;
  /** no live transcript for this take (the stream URL could not be had, no Web Audio): only logged */
  onLiveUnavailable: (error: unknown) => void;
}

const LEVEL_STEP = 0.02;

/**
 * The learner's take of a line: MediaRecorder keeps the recording (uploaded after stop) while the same
 * microphone is streamed as 16-bit PCM to the speech websocket for the live transcript, whose partials tick
 * the keywords as they are said.
 */
export function useLineRecorder({ streamUrls, onSocketFailure, onLiveUnavailable }: Options) {
  const [phase, setPhase] = useState<RecorderPhase>('idle');
  const [transcript, setTranscript] = useState('');
  const [ticked, setTicked] = useState<ReadonlySet<string>>(() => new Set());
  const [live, setLive] = useState<LiveState>('connecting');
  const [level, setLevel] = useState(0);
  const session = useRef<Session | null>(null);
  const handlers = useRef({ onSocketFailure, onLiveUnavailable });
  handlers.current = { onSocketFailure, onLiveUnavailable };

  const teardown = useCallback((s: Session) => {
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
      const onChunk = (samples: Float32Array) => {
        if (s.closed) return;
        const frame = toInt16(s.downsampler ? s.downsampler.push(samples) : samples);
        if (s.socket) s.socket.send(frame);
        else s.early.push(frame);
        const loudness = Math.min(1, rms(samples) * 4);
        setLevel((old) => (Math.abs(old - loudness) >= LEVEL_STEP ? loudness : old));
      };
      let url: string;
      try {
        [url, s.capture] = await Promise.all([streamUrls.get(), startPcmCapture(s.stream, onChunk)]);
      } catch (error) {
        if (!s.closed) {
          setLive('unavailable');
          handlers.current.onLiveUnavailable(error);
        }
        return;
      }
      if (s.closed) {
        void s.capture?.stop();
        return;
      }
      if (!s.capture) {
        setLive('unavailable');
        handlers.current.onLiveUnavailable(new Error('Web Audio is not available'));
        return;
      }
      const rate = streamRateFor(s.capture.sampleRate);
      s.downsampler = new Downsampler(s.capture.sampleRate, rate);
      s.socket = new SpeechSocket(
        url,
        // the hints the server grades the line with, so that the stream's decode can grade it
        { sampleRate: rate, ...recognitionHints(line) },
        {
          onPartial: (text) => {
            if (s.closed) return;
            setLive('live');
            setTranscript(text);
            setTicked((old) => withTicks(old, keywordsSaid(text, line)));
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
      for (const frame of s.early.splice(0)) s.socket.send(frame);
    },
    [streamUrls, teardown],
  );

  /** Opens the microphone and starts the take; throws MicrophoneError with the message to show. */
  const start = useCallback(
    async (line: LineToSay) => {
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
        startedAt: Date.now(),
        closed: false,
      };
      session.current = s;
      setPhase('recording');
      void connect(s, line);
    },
    [connect, reset],
  );

  /** Ends the take: answers the recording and its transcript (null when no take was running). */
  const stop = useCallback(async (): Promise<RecordedTake | null> => {
    const s = session.current;
    if (!s) return null;
    session.current = null;
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
