import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeScreenVideo } from './compose';
import { heldSeconds, probeMedia, UnreadableMediaError } from './probe';

/**
 * Issue 32: what a screen recording holds is read from its packets, not from its header, and a recording
 * whose packets jump a day ahead costs no more to build than its length (ffmpeg's frame-rate filter used to
 * fill the day with frames before the cut: ~10 s of CPU for a 16 s video of 320×240).
 */
let dir: string;
const file = (name: string) => path.join(dir, name);

function webm(name: string, args: string[]): string {
  execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', ...args, '-f', 'webm', '-live', '1', file(name)]);
  return file(name);
}

/** CPU seconds of this process's ended children (utime + stime of those it has waited for, /proc/self/stat). */
function childrenCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields from the 3rd of stat(5): cutime is the 16th, cstime the 17th
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'length-test-'));
  webm('three.webm', [
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=30',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=48000',
    '-t',
    '3',
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-c:a',
    'libopus',
  ]);
  webm('jump.webm', [
    '-f',
    'lavfi',
    '-t',
    '2',
    '-i',
    'testsrc=size=320x240:rate=15',
    '-vf',
    "setpts='if(gte(N,15),PTS+86400/TB,PTS)'",
    '-fps_mode',
    'passthrough',
    '-c:v',
    'libvpx',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
  ]);
  // the 3 s recording written to a file: its header has a Duration, set here to a day
  execFileSync('ffmpeg', [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    file('three.webm'),
    '-c',
    'copy',
    file('dated.webm'),
  ]);
  const dated = readFileSync(file('dated.webm'));
  const at = dated.indexOf(Buffer.from([0x44, 0x89, 0x88]));
  dated.writeDoubleBE(86_400_000, at + 3);
  writeFileSync(file('forged.webm'), dated);
}, 120_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('heldSeconds', () => {
  it('reads a MediaRecorder webm (no duration in its header) from its packets', async () => {
    expect((await probeMedia(file('three.webm'))).durationSeconds).toBe(0);
    expect(Math.abs((await heldSeconds(file('three.webm'))) - 3)).toBeLessThan(0.1);
  });

  it('believes the packets, not a header claiming a day', async () => {
    expect((await probeMedia(file('forged.webm'))).durationSeconds).toBe(86_400);
    expect(Math.abs((await heldSeconds(file('forged.webm'))) - 3)).toBeLessThan(0.1);
  });

  it('reports the span of packets stamped a day apart (the build bounds it by the attempt)', async () => {
    expect(await heldSeconds(file('jump.webm'))).toBeGreaterThan(86_400);
  });

  it('throws UnreadableMediaError for what is not media, 0 for a header without packets', async () => {
    writeFileSync(file('noise.webm'), Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7919) % 251)));
    await expect(heldSeconds(file('noise.webm'))).rejects.toThrow(UnreadableMediaError);
    writeFileSync(file('header.webm'), readFileSync(file('three.webm')).subarray(0, 400));
    await expect(heldSeconds(file('header.webm')).catch(() => 0)).resolves.toBe(0);
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(heldSeconds(file('three.webm'), controller.signal)).rejects.toThrow();
  });
});

describe('composeScreenVideo of packets stamped a day ahead', () => {
  it('builds the length asked without filling the day: under 3 s of CPU', async () => {
    const before = childrenCpuSeconds();
    const result = await composeScreenVideo({
      sources: [file('jump.webm')],
      offsetsMs: [0],
      durationSeconds: 16,
      outputPath: file('jump.mp4'),
    });
    const cpu = childrenCpuSeconds() - before;
    expect(Math.abs(result.durationSeconds - 16)).toBeLessThan(0.3);
    expect(cpu).toBeLessThan(3);
  }, 120_000);
});
