import crypto from 'node:crypto';
import {
  SPEECH_LIMITS,
  SPEECH_MESSAGES,
  speechApi,
  type TStreamServerMessage,
  ZStreamClientMessage,
} from '@sim/shared';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { websocketRoute } from '../../lib/route';
import { speakerOf } from './adaptation';
import { Resampler } from './engines/audio/stt-resample';
import type { SttStream, Transcript } from './engines/types';
import { EnvelopeBuilder, STREAM_MATCH } from './stream-match';
import { type StreamFinal, streamResultsOf } from './stream-results';

/**
 * The speech websocket (DECISIONS.md section 5). The URL is signed and expires (checked before the
 * upgrade by the access hook). Protocol: an optional text message {type:'start', sampleRate, expected,
 * keywords}; binary 16-bit PCM frames; {type:'stop'} (or closing) ends the audio. The server answers
 * {type:'partial'|'final', text, words} and closes after the final. A dropped socket frees its decoder.
 * The final carries the stream's id: the take-sim screen sends it with the recording, and the line is
 * graded from this decode when its hints are the line's and the recording is the audio the stream heard
 * (stream-results.ts): for that the stream keeps the envelope of its audio at 16 kHz (stream-match.ts; a
 * few bytes per 20 ms, bounded by the stream's longest length), never the audio itself.
 */
export async function speechStreamRoutes(app: FastifyInstance) {
  /** this instance's open streams per user (issue 32: one learner cannot hold every decoder slot) */
  const openByUser = new Map<string, number>();
  websocketRoute(app, speechApi.stream, (socket: WebSocket, request) => {
    const log = request.log;
    let stream: SttStream | undefined;
    let opening: Promise<SttStream> | undefined;
    let bytes = 0;
    let sampleRate: number = SPEECH_LIMITS.defaultStreamSampleRate;
    let hints: StreamFinal['hints'] = {};
    let finished = false;
    /** failed or closed by the client: a decoder that opens afterwards is closed at once (a stop is not a drop) */
    let dropped = false;
    /** the envelope of the audio received, at 16 kHz (made on the first frame, the sample rate then settled) */
    let heard: { envelope: EnvelopeBuilder; resampler: Resampler | null } | undefined;
    const streamId = crypto.randomUUID();
    const owner = request.actor?.userId;
    const companyId = request.actor?.companyId;

    const send = (msg: TStreamServerMessage) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(msg));
    };
    /** closes the stream when no audio comes for SPEECH_LIMITS.streamIdleSeconds (awaitAudio, below) */
    let idle: NodeJS.Timeout | undefined;
    const stopIdle = () => clearTimeout(idle);
    const fail = (message: string, code = 1011) => {
      stopIdle();
      send({ type: 'error', message });
      finished = true;
      dropped = true;
      stream?.close();
      socket.close(code, message.slice(0, 120));
    };
    const open = (options: { sampleRate: number; expected?: string; keywords?: string[] }) => {
      if (opening) return opening;
      sampleRate = options.sampleRate;
      hints = { expected: options.expected, keywords: options.keywords };
      // a refusal (too many open streams, engine missing) may be thrown or rejected: both end here as one rejection
      opening = Promise.resolve()
        // the learner's speaker adaptation, once they have one (adaptation.ts)
        .then(() => (owner && companyId ? speakerOf(app.deps.db, companyId, owner) : undefined))
        .then((speaker) => app.deps.speech.stt.openStream({ ...options, speaker }))
        .then((s) => {
          stream = s;
          s.on('partial', (t: Transcript) => send({ type: 'partial', text: t.text, words: t.words }));
          s.on('error', (err: Error) => {
            log.warn({ err }, 'speech stream failed');
            fail(SPEECH_MESSAGES.sttUnavailable);
          });
          if (dropped) s.close();
          return s;
        });
      opening.catch((err) => {
        log.warn({ err }, 'speech stream could not start');
        fail(SPEECH_MESSAGES.sttUnavailable);
      });
      return opening;
    };
    const finish = async () => {
      if (finished) return;
      finished = true;
      stopIdle();
      let settle: (final: StreamFinal | null) => void = () => {};
      if (owner) {
        const final = new Promise<StreamFinal | null>((resolve) => {
          settle = resolve;
        });
        streamResultsOf(app.deps).add(streamId, owner, final);
      }
      try {
        const s = await open({ sampleRate });
        const t = await s.end();
        if (heard?.resampler) heard.envelope.push(heard.resampler.flush());
        const envelope = (heard?.envelope ?? new EnvelopeBuilder()).envelope();
        settle({ transcript: t, audioSeconds: bytes / 2 / sampleRate, hints, envelope });
        send({ type: 'final', text: t.text, words: t.words, stream_id: streamId });
        socket.close(1000, 'done');
      } catch (err) {
        settle(null);
        log.warn({ err }, 'speech stream could not finish');
        send({ type: 'error', message: SPEECH_MESSAGES.sttUnavailable });
        socket.close(1011);
      }
    };

    // fair shares (issue 32): a few streams per user, and none held open without audio
    let counted = false;
    if (owner) {
      const held = openByUser.get(owner) ?? 0;
      if (held >= SPEECH_LIMITS.maxStreamsPerUser) {
        fail(SPEECH_MESSAGES.tooManyStreams, 1008);
        return;
      }
      openByUser.set(owner, held + 1);
      counted = true;
    }
    const awaitAudio = () => {
      stopIdle();
      const seconds = app.deps.config.speechStreamIdleSeconds;
      idle = setTimeout(() => {
        log.info({ streamId }, 'a speech stream received no audio: closed');
        fail(SPEECH_MESSAGES.streamIdle(seconds), 1008);
      }, seconds * 1000);
      idle.unref();
    };
    awaitAudio();

    socket.on('message', (data: Buffer, isBinary: boolean) => {
      if (finished) return;
      if (!isBinary) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(data.toString('utf8'));
        } catch {
          return fail('Text messages must be JSON.', 1003);
        }
        const msg = ZStreamClientMessage.safeParse(parsed);
        if (!msg.success) return fail(msg.error.issues[0]?.message ?? 'Unknown message.', 1003);
        if (msg.data.type === 'start') void open(msg.data);
        else void finish();
        return;
      }
      if (data.length > 0) awaitAudio();
      bytes += data.length;
      if (bytes > sampleRate * 2 * SPEECH_LIMITS.maxStreamSeconds) return fail(SPEECH_MESSAGES.streamTooLong, 1009);
      if (!heard) {
        const maxFrames = Math.ceil(
          (SPEECH_LIMITS.maxStreamSeconds * STREAM_MATCH.sampleRate) / STREAM_MATCH.frameSamples,
        );
        heard = {
          envelope: new EnvelopeBuilder(maxFrames),
          resampler: sampleRate === STREAM_MATCH.sampleRate ? null : new Resampler(sampleRate, STREAM_MATCH.sampleRate),
        };
      }
      heard.envelope.push(heard.resampler ? heard.resampler.push(data) : data);
      // frames are written in arrival order: every write waits on the same opening promise; a refused opening
      // is reported once by open() (the socket is closed), so the frames' own chains only swallow it
      open({ sampleRate })
        .then((s) => s.write(data))
        .catch(() => undefined);
    });
    socket.on('close', () => {
      stopIdle();
      if (counted && owner) {
        const left = (openByUser.get(owner) ?? 1) - 1;
        if (left > 0) openByUser.set(owner, left);
        else openByUser.delete(owner);
      }
      // a dropped socket (or one closed before its final) frees its decoder at once
      if (!finished) finished = true;
      dropped = true;
      if (stream) stream.close();
      else void opening?.then((s) => s.close()).catch(() => {});
    });
  });
}
