/**
 * The inputs of bench:recording, made once and cached under BENCH_RECORDING_CACHE (default /tmp/sim-bench-recording):
 *   - two screens as Chrome's MediaRecorder writes them: webm streamed to a pipe (no duration, no cues), VP8 at
 *     1920×1080 / 30 fps, ~2.5 Mbit/s, the first with 48 kHz Opus audio (a tone), the second without audio
 *     (see screens());
 *   - a 200 MB file of random bytes behind a webm header, for the upload (the server does not decode parts).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const CACHE = process.env.BENCH_RECORDING_CACHE ?? '/tmp/sim-bench-recording';
export const SCREEN_SECONDS = Number(process.env.BENCH_RECORDING_SECONDS ?? 300);

function ffmpegToFile(args: string[], file: string): Promise<void> {
  const part = `${file}.part`;
  const out = fs.createWriteStream(part);
  const child = spawn('ffmpeg', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => {
    stderr = (stderr + c.toString()).slice(-2000);
  });
  child.stdout.pipe(out);
  const written = new Promise<void>((resolve, reject) => {
    out.on('close', resolve);
    out.on('error', reject);
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
  return Promise.all([exited, written]).then(([code]) => {
    if (code !== 0) throw new Error(`ffmpeg failed (${code}): ${stderr}`);
    fs.renameSync(part, file);
  });
}

/** A screen of `seconds` as MediaRecorder would stream it (VP8, live webm on a pipe), with or without audio. */
export async function makeScreen(file: string, seconds: number, withAudio: boolean, pattern: string): Promise<void> {
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const args = [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `${pattern}=size=1920x1080:rate=30`,
    ...(withAudio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'] : []),
    '-t',
    String(seconds),
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '2500k',
    ...(withAudio ? ['-c:a', 'libopus', '-b:a', '64k'] : []),
    '-f',
    'webm',
    '-live',
    '1',
    '-cluster_time_limit',
    '1000',
    'pipe:1',
  ];
  await ffmpegToFile(args, file);
}

/**
 * The two screens: the first made by makeScreen (testsrc2, every frame changes: harder to encode than a
 * desktop), the second its picture alone, copied without re-encoding (a second VP8 encode of 5 minutes of
 * 1080p takes the better part of an hour on a busy 2-core machine; decoding and composing it costs the same).
 */
export async function screens(): Promise<string[]> {
  const first = path.join(CACHE, `screen-1-${SCREEN_SECONDS}s.webm`);
  const second = path.join(CACHE, `screen-2-${SCREEN_SECONDS}s.webm`);
  await makeScreen(first, SCREEN_SECONDS, true, 'testsrc2');
  if (!fs.existsSync(second)) {
    const copy = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-i', first, '-map', '0:v', '-c', 'copy'];
    await ffmpegToFile([...copy, '-f', 'webm', '-live', '1', '-cluster_time_limit', '1000', 'pipe:1'], second);
  }
  return [first, second];
}

/** `bytes` of random data after a real webm header (EBML magic): what the upload moves, not what it decodes. */
export function uploadFile(bytes = 200 * 1024 * 1024): string {
  const file = path.join(CACHE, `upload-${bytes}.webm`);
  if (fs.existsSync(file) && fs.statSync(file).size === bytes) return file;
  fs.mkdirSync(CACHE, { recursive: true });
  const fd = fs.openSync(`${file}.part`, 'w');
  const header = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102', 'hex');
  fs.writeSync(fd, header);
  let written = header.length;
  while (written < bytes) {
    const n = Math.min(8 * 1024 * 1024, bytes - written);
    fs.writeSync(fd, randomBytes(n));
    written += n;
  }
  fs.closeSync(fd);
  fs.renameSync(`${file}.part`, file);
  return file;
}
