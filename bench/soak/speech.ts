/**
 * A learner speaking a line, as the take-sim screen does it (after bench/learners/run.ts, whose pieces are
 * not exported): the recording as 16-bit PCM at 44.1 kHz streamed in real time in 100 ms frames over the
 * signed speech websocket with the line's hints, 'stop', the stream's final awaited (at most 20 s, as the
 * screen waits), then the WAV uploaded to grade-transcription with the final's stream id.
 * The recordings are human speech from pocketsphinx-testdata (librivox), with their own words as the lines.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { recognitionHints, speechApi } from '@sim/shared';
import WebSocket from 'ws';
import type { Client } from './client';
import { SoakError } from './client';

const run = promisify(execFile);
const RATE = 44100;
const FRAME_MS = 100;
const FINAL_WAIT_MS = 20_000;
const DIR = '/usr/share/pocketsphinx/test/data/librivox';
export const STREAM_ROUTE = 'WS /api/v1/speech/stream (open)';

export interface Recording {
  file: string;
  script: string;
  keywords: string[];
  /** PCM s16le mono at RATE */
  pcm: Buffer;
  wav: Buffer;
  seconds: number;
}

/** The learner's lines: two recordings of different lengths (5.3 s and 2.7 s). */
export const LINES = [
  {
    file: `${DIR}/sense_and_sensibility_01_austen_64kb-0890.wav`,
    script: 'Unless to be rather cold hearted and rather selfish is to be ill disposed.',
    keywords: ['cold hearted', 'selfish'],
  },
  {
    file: `${DIR}/sense_and_sensibility_01_austen_64kb-0930.wav`,
    script: 'He might even have been made amiable himself.',
    keywords: ['amiable'],
  },
] as const;

export async function loadRecordings(): Promise<Recording[]> {
  return Promise.all(
    LINES.map(async (line) => {
      const { stdout } = await run(
        'ffmpeg',
        ['-loglevel', 'error', '-i', line.file, '-ac', '1', '-ar', String(RATE), '-f', 's16le', 'pipe:1'],
        { encoding: 'buffer', maxBuffer: 1 << 26 },
      );
      return {
        ...line,
        keywords: [...line.keywords],
        pcm: stdout,
        wav: fs.readFileSync(line.file),
        seconds: stdout.length / 2 / RATE,
      };
    }),
  );
}

export interface Streamed {
  /** performance.now() when 'stop' was sent */
  stoppedAt: number;
  streamId?: string;
  /** the server turned the stream down (its limit of open streams): the line is graded from the upload */
  refused: boolean;
  transcript: string;
}

/** Streams the take over the websocket in real time; answers when the final came (or the wait ran out). */
export async function speak(client: Client, recording: Recording): Promise<Streamed> {
  const { data } = await client.json<{ data: { url: string } }>(speechApi.streamUrl);
  const url = new URL(data.url, client.base);
  url.protocol = url.protocol.replace('http', 'ws');
  const openedAt = client.metrics.now();
  const socket = new WebSocket(url);
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
      socket.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
    });
    client.metrics.route(STREAM_ROUTE, openedAt, client.metrics.now() - openedAt, true);
  } catch (error) {
    client.metrics.route(STREAM_ROUTE, openedAt, client.metrics.now() - openedAt, false);
    client.metrics.error(`websocket refused ${STREAM_ROUTE}`, String(error));
    socket.terminate();
    throw new SoakError(String(error));
  }
  let streamId: string | undefined;
  let refused = false;
  let transcript = '';
  let failed: string | null = null;
  const finished = new Promise<void>((resolve) => {
    socket.on('message', (raw) => {
      const msg = JSON.parse(String(raw)) as { type: string; text?: string; stream_id?: string; message?: string };
      if (msg.type === 'partial' && msg.text) transcript = msg.text;
      if (msg.type === 'error') refused = true;
      if (msg.type === 'final') {
        streamId = msg.stream_id;
        transcript = msg.text ?? transcript;
        resolve();
      }
    });
    socket.once('close', () => resolve());
    socket.on('error', (error) => {
      failed = String(error);
      resolve();
    });
  });
  const hints = recognitionHints({ script: recording.script, keywords: recording.keywords, tests: [] });
  socket.send(JSON.stringify({ type: 'start', sampleRate: RATE, ...hints }));
  const frame = Math.round((RATE * FRAME_MS) / 1000) * 2;
  const started = performance.now();
  for (let offset = 0, i = 0; offset < recording.pcm.length; offset += frame, i++) {
    if (socket.readyState !== WebSocket.OPEN) break;
    socket.send(recording.pcm.subarray(offset, offset + frame));
    const due = started + (i + 1) * FRAME_MS;
    await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
  }
  const stoppedAt = performance.now();
  if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ type: 'stop' }));
  await Promise.race([finished, new Promise((r) => setTimeout(r, FINAL_WAIT_MS))]);
  socket.close();
  if (failed) client.metrics.error('websocket error during a take', failed);
  if (refused)
    client.metrics.note('live stream refused by the server (its limit of open streams): graded from the upload');
  else if (!streamId) client.metrics.note('no final within 20 s of stop: graded from the upload');
  return { stoppedAt, streamId, refused, transcript };
}
