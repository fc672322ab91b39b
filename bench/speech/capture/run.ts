/**
 * bench:speech:capture — what the browser's capture settings do to a learner's recording (issue 14). A real
 * Chromium (Debian's, through playwright-core) records its fake microphone, which plays a WAV of a line
 * spoken by espeak-ng (a synthesizer the recogniser was not tuned on), once with each set of
 * getUserMedia constraints, through MediaRecorder (WebM/Opus, as the take-sim and Try Test screens upload).
 * Each recording is measured — the share of exact-zero samples, the longest run of them, the level — and
 * graded through the real recogniser with the line's hints (the product's gradeLine), so the settings are
 * chosen on what they do to recognition, not on a guess.
 *   npm run bench:speech:capture        (--lines N, --out FILE; writes the block of bench/results/speech.md)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { SpeechRecognizer } from '../../../apps/server/src/modules/speech/engines/recognizer';
import { gradeLine } from '../../../packages/shared/src/grading/index';
import { LINES } from '../corpus';
import { mapLimit } from '../stats';
import { CAPTURE_PAGE, type CaptureSettings, SETTINGS } from './page';
import { pcmStats, writeBlock } from './report';

const { values: opts } = parseArgs({
  options: {
    lines: { type: 'string', default: '8' },
    out: { type: 'string', default: path.join(import.meta.dirname, '../../results/speech.md') },
  },
});

const RATE = 48_000;
const PAD_SECONDS = 0.8;
const VOICES = ['en-gb-scotland', 'en-029', 'en-us'];
/** the room: digital silence (nothing at all between words) or a quiet room's noise, 35 dB under the speech */
const ROOMS = ['digital silence', 'quiet room'] as const;
type Room = (typeof ROOMS)[number];

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-bench-'));
const micWav = path.join(work, 'mic.wav');

/** The line spoken by espeak-ng, padded with exact zeros (or mixed with pink noise) as the fake microphone's WAV. */
function makeMicWav(text: string, voice: string, room: Room) {
  const raw = path.join(work, 'voice.wav');
  execFileSync('espeak-ng', ['-v', voice, '-w', raw, text]);
  const pad = `adelay=${PAD_SECONDS * 1000}|${PAD_SECONDS * 1000},apad=pad_dur=${PAD_SECONDS}`;
  const args =
    room === 'digital silence'
      ? ['-i', raw, '-af', pad]
      : [
          ...['-i', raw, '-f', 'lavfi', '-i', `anoisesrc=color=pink:amplitude=0.006:sample_rate=${RATE}:seed=7`],
          ...['-filter_complex', `[0:a]aresample=${RATE},${pad}[s];[s][1:a]amix=inputs=2:duration=first:normalize=0`],
        ];
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    ...args,
    '-ac',
    '1',
    '-ar',
    String(RATE),
    '-c:a',
    'pcm_s16le',
    micWav,
  ]);
  return (fs.statSync(micWav).size - 44) / 2 / RATE;
}

/** Decodes a recording to 16 kHz mono s16le samples (as the server does). */
function pcmOf(recording: Buffer): Int16Array {
  const file = path.join(work, 'rec.webm');
  fs.writeFileSync(file, recording);
  const out = execFileSync(
    'ffmpeg',
    ['-loglevel', 'error', '-i', file, '-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:1'],
    {
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  return new Int16Array(out.buffer, out.byteOffset, out.length / 2);
}

async function main() {
  const server = http.createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(CAPTURE_PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${micWav}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const stt = new SpeechRecognizer({ concurrency: os.availableParallelism() });
  const lines = LINES.slice(0, Number(opts.lines));
  type Take = { settings: CaptureSettings; room: Room; voice: string; line: number; audio: Buffer };
  const takes: Take[] = [];
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/`);
    // one recording per line, voice, room and settings; Chromium reads the WAV again each time the microphone opens
    for (const room of ROOMS)
      for (const voice of VOICES)
        for (const [i, line] of lines.entries()) {
          const seconds = makeMicWav(line.text, voice, room);
          for (const settings of SETTINGS) {
            const b64 = await page.evaluate(
              ([constraints, ms]) =>
                (globalThis as unknown as { record: (c: unknown, ms: number) => Promise<string> }).record(
                  constraints,
                  ms,
                ),
              [settings.constraints, Math.round(seconds * 1000)] as const,
            );
            takes.push({ settings, room, voice, line: i, audio: Buffer.from(b64, 'base64') });
          }
        }
  } finally {
    await browser.close();
    server.close();
  }
  console.log(`${takes.length} recordings; recognising...`);
  const measured = await mapLimit(takes, os.availableParallelism(), async (take) => {
    const line = lines[take.line];
    const stats = pcmStats(pcmOf(take.audio), 16_000);
    const keywords = line.keywords;
    const hints = { expected: line.text, keywords: keywords.flatMap((k) => k.split('|')) };
    const { transcript } = await stt.transcribeWithStats(take.audio, hints);
    const graded = gradeLine({ transcript: transcript.text, keywords, overalConfidence: 60 });
    return { ...take, stats, found: graded.correctKeywords.length, entries: keywords.length, passed: graded.passed };
  });
  writeBlock(opts.out, measured, { voices: VOICES, lines: lines.length });
  fs.rmSync(work, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(1);
});
