import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeMedia, UnreadableMediaError } from './probe';

/** probeMedia on the real ffprobe: a streamed webm (no duration), a seekable MP4, and what is not media. */
let dir: string;

function ffmpeg(args: string[]): Buffer {
  return execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', ...args], { maxBuffer: 16 * 1024 * 1024 });
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'probe-test-'));
  const lavfi = ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=30', '-f', 'lavfi', '-i', 'sine=sample_rate=48000'];
  const webm = ffmpeg([
    ...lavfi,
    '-t',
    '2',
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-c:a',
    'libopus',
    '-f',
    'webm',
    '-live',
    '1',
    'pipe:1',
  ]);
  writeFileSync(path.join(dir, 'live.webm'), webm);
  ffmpeg([...lavfi, '-t', '3', '-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', path.join(dir, 'clip.mp4')]);
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=160x120:rate=10',
    '-t',
    '1',
    '-c:v',
    'libvpx',
    path.join(dir, 'mute.webm'),
  ]);
}, 120_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('probeMedia (real ffprobe)', () => {
  it("reads a streamed webm's streams; its length is 0, the header has none", async () => {
    expect(await probeMedia(path.join(dir, 'live.webm'))).toEqual({
      durationSeconds: 0,
      streams: [
        { type: 'video', codec: 'vp8', width: 320, height: 240 },
        { type: 'audio', codec: 'opus' },
      ],
    });
  });

  it("reads an MP4's length and streams", async () => {
    const info = await probeMedia(path.join(dir, 'clip.mp4'));
    expect(info.durationSeconds).toBeGreaterThan(2.9);
    expect(info.durationSeconds).toBeLessThan(3.1);
    expect(info.streams).toEqual([
      { type: 'video', codec: 'h264', width: 320, height: 240 },
      { type: 'audio', codec: 'aac' },
    ]);
  });

  it('lists a video-only file with its video stream alone', async () => {
    const info = await probeMedia(path.join(dir, 'mute.webm'));
    expect(info.streams).toEqual([{ type: 'video', codec: 'vp8', width: 160, height: 120 }]);
  });

  it('throws UnreadableMediaError with the reason for what is not media, or no file', async () => {
    const text = path.join(dir, 'notes.webm');
    writeFileSync(text, 'these are not moving pictures');
    await expect(probeMedia(text)).rejects.toThrow(UnreadableMediaError);
    await expect(probeMedia(text)).rejects.toThrow(/Cannot read .*notes\.webm: .*Invalid data/);
    await expect(probeMedia(text)).rejects.toMatchObject({ reason: expect.not.stringContaining(dir) });
    await expect(probeMedia(path.join(dir, 'absent.webm'))).rejects.toThrow(/No such file or directory/);
  });
});
