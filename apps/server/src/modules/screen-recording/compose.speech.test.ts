import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComposeError, composeScreenVideo, fitIn, layout } from './compose';
import { probeMedia } from './probe';

/**
 * The screen recording's MP4 built by the real ffmpeg from webm recordings made as Chrome's MediaRecorder
 * streams them: written to a pipe, so with no duration and no cues in the header (`-live 1`).
 */
let dir: string;
const file = (name: string) => path.join(dir, name);

interface Fixture {
  size: string;
  seconds: number;
  audio?: boolean;
  /** the first timestamp of the recording, as Chrome sometimes starts above 0 */
  startSeconds?: number;
  pattern?: string;
}

function recording(name: string, f: Fixture): string {
  const out = file(name);
  const webm = execFileSync(
    'ffmpeg',
    [
      '-nostdin',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `${f.pattern ?? 'testsrc2'}=size=${f.size}:rate=30`,
      ...(f.audio ? ['-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'] : []),
      '-t',
      String(f.seconds),
      '-c:v',
      'libvpx',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-b:v',
      '500k',
      ...(f.audio ? ['-c:a', 'libopus'] : []),
      ...(f.startSeconds ? ['-output_ts_offset', String(f.startSeconds)] : []),
      '-f',
      'webm',
      '-live',
      '1',
      '-cluster_time_limit',
      '1000',
      'pipe:1',
    ],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  writeFileSync(out, webm);
  return out;
}

/** Mean luma (0-255) of a region of the frame at `at` seconds. */
function meanLuma(video: string, at: number, crop: { w: number; h: number; x: number; y: number }): number {
  const raw = execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-ss',
    String(at),
    '-i',
    video,
    '-frames:v',
    '1',
    '-vf',
    `crop=${crop.w}:${crop.h}:${crop.x}:${crop.y},format=gray`,
    '-f',
    'rawvideo',
    'pipe:1',
  ]);
  return raw.reduce((sum, v) => sum + v, 0) / raw.length;
}

/** ffmpeg's volumedetect: the loudest sample in dB (-91 or lower: digital silence). */
function maxVolume(video: string): number {
  const run = spawnSync('ffmpeg', ['-nostdin', '-i', video, '-map', '0:a', '-af', 'volumedetect', '-f', 'null', '-'], {
    encoding: 'utf8',
  });
  const match = /max_volume: (-?[\d.]+|-inf) dB/.exec(run.stderr);
  if (!match) throw new Error(`no volumedetect figure in: ${run.stderr.slice(-500)}`);
  return match[1] === '-inf' ? Number.NEGATIVE_INFINITY : Number(match[1]);
}

function pixelFormat(video: string): string {
  return execFileSync(
    'ffprobe',
    ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=pix_fmt', '-of', 'csv=p=0', video],
    { encoding: 'utf8' },
  ).trim();
}

/** faststart: the moov box comes before the mdat box, so a browser starts playing before the end arrives. */
function moovFirst(video: string): boolean {
  const bytes = readFileSync(video);
  return bytes.indexOf('moov', 0, 'latin1') < bytes.indexOf('mdat', 0, 'latin1');
}

const leftovers = (folder: string) => readdirSync(folder).filter((name) => name.endsWith('.part'));

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'compose-test-'));
  recording('with-audio.webm', { size: '640x360', seconds: 6, audio: true });
  recording('no-audio-43.webm', { size: '800x600', seconds: 5, pattern: 'testsrc' });
  recording('no-audio.webm', { size: '640x360', seconds: 4 });
  recording('late-start.webm', { size: '640x360', seconds: 4, audio: true, startSeconds: 1.2 });
}, 300_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('the layout', () => {
  it('never enlarges a screen, shrinks it to its box keeping its shape, in even pixels', () => {
    expect(fitIn({ width: 640, height: 360 }, { width: 1920, height: 1080 })).toEqual({ width: 640, height: 360 });
    expect(fitIn({ width: 2560, height: 1440 }, { width: 1920, height: 1080 })).toEqual({ width: 1920, height: 1080 });
    expect(fitIn({ width: 1920, height: 1200 }, { width: 1280, height: 720 })).toEqual({ width: 1152, height: 720 });
    expect(fitIn({ width: 1001, height: 333 }, { width: 1920, height: 1080 })).toEqual({ width: 1000, height: 332 });
    expect(fitIn({}, { width: 1280, height: 720 })).toEqual({ width: 1280, height: 720 });
  });

  it('stacks two screens in cells as wide as the widest, each in 1280×720 at most', () => {
    expect(
      layout([
        { width: 1920, height: 1080 },
        { width: 1920, height: 1080 },
      ]),
    ).toEqual({
      cells: [
        { width: 1280, height: 720 },
        { width: 1280, height: 720 },
      ],
      width: 1280,
      height: 1440,
    });
    expect(layout([{ width: 1920, height: 1080 }])).toEqual({
      cells: [{ width: 1920, height: 1080 }],
      width: 1920,
      height: 1080,
    });
  });
});

describe('composeScreenVideo (real ffmpeg)', () => {
  it('builds one screen with its audio: H.264 yuv420p + AAC, faststart, padded to the attempt, not enlarged', async () => {
    const source = file('with-audio.webm');
    expect((await probeMedia(source)).durationSeconds).toBe(0); // MediaRecorder's webm: no duration in the header
    const outputPath = file('one.mp4');
    const result = await composeScreenVideo({ sources: [source], offsetsMs: [0], durationSeconds: 7.5, outputPath });

    const probe = await probeMedia(outputPath);
    expect(probe.streams.map((s) => [s.type, s.codec])).toEqual([
      ['video', 'h264'],
      ['audio', 'aac'],
    ]);
    expect(probe.streams[0]).toMatchObject({ width: 640, height: 360 });
    expect(probe.durationSeconds).toBeGreaterThan(7.5 - 0.3);
    expect(probe.durationSeconds).toBeLessThan(7.5 + 0.3);
    expect(pixelFormat(outputPath)).toBe('yuv420p');
    expect(moovFirst(outputPath)).toBe(true);
    expect(maxVolume(outputPath)).toBeGreaterThan(-30);
    expect(result).toMatchObject({ width: 640, height: 360, hasAudio: true, hasVideo: true });
    expect(result.durationSeconds).toBeCloseTo(probe.durationSeconds, 3);
    expect(result.sizeBytes).toBe(readFileSync(outputPath).length);
    // the last 1.5 s hold the recording's last picture, not black
    expect(meanLuma(outputPath, 7, { w: 640, h: 360, x: 0, y: 0 })).toBeGreaterThan(40);
    expect(leftovers(dir)).toEqual([]);
  }, 120_000);

  it('stacks two screens, the second without audio and 1.5 s later: black until it starts, cut to the attempt', async () => {
    const outputPath = file('two.mp4');
    const result = await composeScreenVideo({
      sources: [file('with-audio.webm'), file('no-audio-43.webm')],
      offsetsMs: [0, 1500],
      durationSeconds: 5,
      outputPath,
    });

    const probe = await probeMedia(outputPath);
    expect(probe.streams.map((s) => [s.type, s.codec])).toEqual([
      ['video', 'h264'],
      ['audio', 'aac'],
    ]);
    // 640×360 and 800×600 fit their 1280×720 boxes as they are; the cells are as wide as the wider
    expect(probe.streams[0]).toMatchObject({ width: 800, height: 960 });
    expect(result).toMatchObject({ width: 800, height: 960, hasAudio: true, hasVideo: true });
    expect(Math.abs(probe.durationSeconds - 5)).toBeLessThan(0.3);
    const second = { w: 800, h: 600, x: 0, y: 360 };
    expect(meanLuma(outputPath, 1.0, second)).toBeLessThan(20);
    expect(meanLuma(outputPath, 2.5, second)).toBeGreaterThan(40);
    // the first screen plays from the start
    expect(meanLuma(outputPath, 0.5, { w: 640, h: 360, x: 80, y: 0 })).toBeGreaterThan(40);
    expect(maxVolume(outputPath)).toBeGreaterThan(-30);
  }, 120_000);

  it('lays silent AAC into a recording without any audio', async () => {
    const outputPath = file('silent.mp4');
    const result = await composeScreenVideo({
      sources: [file('no-audio.webm')],
      offsetsMs: [0],
      durationSeconds: 4,
      outputPath,
    });
    const probe = await probeMedia(outputPath);
    expect(probe.streams.map((s) => [s.type, s.codec])).toEqual([
      ['video', 'h264'],
      ['audio', 'aac'],
    ]);
    expect(Math.abs(probe.durationSeconds - 4)).toBeLessThan(0.3);
    expect(maxVolume(outputPath)).toBeLessThan(-90);
    expect(result.hasAudio).toBe(true);
  }, 120_000);

  it('starts a recording whose first timestamp is above 0 at the start of the video', async () => {
    const source = file('late-start.webm');
    const outputPath = file('late.mp4');
    await composeScreenVideo({ sources: [source], offsetsMs: [0], durationSeconds: 4, outputPath });
    const probe = await probeMedia(outputPath);
    expect(Math.abs(probe.durationSeconds - 4)).toBeLessThan(0.3);
    expect(meanLuma(outputPath, 0.2, { w: 640, h: 360, x: 0, y: 0 })).toBeGreaterThan(40);
    expect(maxVolume(outputPath)).toBeGreaterThan(-30);
  }, 120_000);

  it('still builds a recording cut short in the middle (the browser stopped mid-cluster)', async () => {
    const whole = readFileSync(file('with-audio.webm'));
    const source = file('cut-short.webm');
    writeFileSync(source, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const outputPath = file('cut-short.mp4');
    await composeScreenVideo({ sources: [source], offsetsMs: [0], durationSeconds: 6, outputPath });
    const probe = await probeMedia(outputPath);
    expect(probe.streams.map((s) => s.type)).toEqual(['video', 'audio']);
    expect(Math.abs(probe.durationSeconds - 6)).toBeLessThan(0.3);
  }, 120_000);

  it('keeps the cell of a screen whose picture changes size midway (a shared window resized)', async () => {
    // two recordings joined without re-encoding: 640×360 frames, then 800×600 frames, in one stream
    recording('small.webm', { size: '640x360', seconds: 2, pattern: 'testsrc' });
    recording('large.webm', { size: '800x600', seconds: 2, pattern: 'testsrc' });
    const list = file('resize.txt');
    writeFileSync(list, "file 'small.webm'\nfile 'large.webm'\n");
    const source = file('resize.webm');
    execFileSync('ffmpeg', [
      '-nostdin',
      '-loglevel',
      'error',
      '-f',
      'concat',
      '-safe',
      '0',
      '-i',
      list,
      '-c',
      'copy',
      '-f',
      'webm',
      source,
    ]);
    const outputPath = file('resize.mp4');
    const result = await composeScreenVideo({ sources: [source], offsetsMs: [0], durationSeconds: 4, outputPath });
    expect(result).toMatchObject({ width: 640, height: 360 });
    expect(Math.abs(result.durationSeconds - 4)).toBeLessThan(0.3);
    // the 4:3 picture fits the 16:9 cell between black bars
    expect(meanLuma(outputPath, 3, { w: 60, h: 360, x: 0, y: 0 })).toBeLessThan(20);
    expect(meanLuma(outputPath, 3, { w: 400, h: 360, x: 120, y: 0 })).toBeGreaterThan(40);
  }, 120_000);

  it.each([
    [
      'random bytes',
      () => Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 7919) % 251)),
      /Screen 1 is not a readable recording/,
    ],
    [
      'a header cut before its first cluster',
      () => readFileSync(file('with-audio.webm')).subarray(0, 300),
      /Screen 1 is not a readable recording/,
    ],
    ['a header and no picture', () => readFileSync(file('with-audio.webm')).subarray(0, 5000), /no picture/],
  ])(
    'refuses %s with a clear error and writes no output',
    async (_, bytes, message) => {
      const folder = mkdtempSync(path.join(dir, 'bad-'));
      const source = path.join(folder, 'bad.webm');
      writeFileSync(source, bytes());
      const outputPath = path.join(folder, 'bad.mp4');
      const built = composeScreenVideo({ sources: [source], offsetsMs: [0], durationSeconds: 3, outputPath });
      await expect(built).rejects.toThrow(ComposeError);
      await expect(built).rejects.toThrow(message);
      // the reason names the screen, never the server's paths
      await expect(built).rejects.toSatisfy((err: Error) => !err.message.includes(folder));
      expect(existsSync(outputPath)).toBe(false);
      expect(readdirSync(folder)).toEqual(['bad.webm']);
    },
    120_000,
  );

  it('names the unreadable screen of two', async () => {
    const folder = mkdtempSync(path.join(dir, 'bad2-'));
    const source = path.join(folder, 'bad.webm');
    writeFileSync(source, 'not a video');
    const outputPath = path.join(folder, 'bad.mp4');
    const built = composeScreenVideo({
      sources: [file('with-audio.webm'), source],
      offsetsMs: [0, 0],
      durationSeconds: 3,
      outputPath,
    });
    await expect(built).rejects.toThrow(/Screen 2 is not a readable recording/);
    expect(readdirSync(folder)).toEqual(['bad.webm']);
  }, 120_000);

  it('kills ffmpeg when the signal aborts and leaves no output', async () => {
    const folder = mkdtempSync(path.join(dir, 'abort-'));
    const outputPath = path.join(folder, 'aborted.mp4');
    const controller = new AbortController();
    const started = Date.now();
    const built = composeScreenVideo({
      // held pictures padded to 10 minutes: ffmpeg works for a long while
      sources: [file('with-audio.webm'), file('no-audio-43.webm')],
      offsetsMs: [0, 0],
      durationSeconds: 600,
      outputPath,
      signal: controller.signal,
    });
    // abort once ffmpeg is writing its temporary file
    while (leftovers(folder).length === 0 && Date.now() - started < 20_000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(leftovers(folder)).toHaveLength(1);
    controller.abort();
    await expect(built).rejects.toThrow(/cancelled/);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(readdirSync(folder)).toEqual([]);
    // an aborted signal refuses at once
    await expect(
      composeScreenVideo({
        sources: [file('no-audio.webm')],
        offsetsMs: [0],
        durationSeconds: 3,
        outputPath,
        signal: controller.signal,
      }),
    ).rejects.toThrow(/cancelled/);
    expect(readdirSync(folder)).toEqual([]);
  }, 120_000);

  it.each([
    [{ sources: [] as string[], offsetsMs: [] as number[], durationSeconds: 3 }, /1 or 2 sources/],
    [{ sources: ['a', 'b', 'c'], offsetsMs: [0, 0, 0], durationSeconds: 3 }, /1 or 2 sources/],
    [{ sources: ['a', 'b'], offsetsMs: [0], durationSeconds: 3 }, /Expected 2 offsets/],
    [{ sources: ['a'], offsetsMs: [-5], durationSeconds: 3 }, /Offsets must be/],
    [{ sources: ['a'], offsetsMs: [0], durationSeconds: 0 }, /duration must be a positive/],
    [{ sources: ['a'], offsetsMs: [0], durationSeconds: Number.NaN }, /duration must be a positive/],
  ])('refuses a bad request before running ffmpeg (%#)', async (input, message) => {
    await expect(composeScreenVideo({ ...input, outputPath: file('never.mp4') })).rejects.toThrow(message);
    expect(existsSync(file('never.mp4'))).toBe(false);
  });
});
