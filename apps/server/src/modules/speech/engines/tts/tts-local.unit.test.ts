import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { VOICES, type VoiceName } from '../types';
import { medianPitch } from './audio-pitch';
import { cleanText, LocalTtsProvider } from './tts-local';
import { LOCAL_VOICES } from './tts-voices';

const exec = promisify(execFile);
const LINE = 'Thank you for calling Riverside Medical Center. How can I help you today?';

async function probeDuration(mp3: Buffer): Promise<{ codec: string; duration: number }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tts-test-'));
  try {
    const file = path.join(dir, 'a.mp3');
    await writeFile(file, mp3);
    const { stdout } = await exec('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name:format=duration',
      '-of',
      'json',
      file,
    ]);
    const info = JSON.parse(stdout) as { streams: { codec_name: string }[]; format: { duration: string } };
    return { codec: info.streams[0]?.codec_name ?? '', duration: Number(info.format.duration) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function pcm16k(mp3: Buffer): Promise<Buffer> {
  const child = exec(
    'ffmpeg',
    ['-loglevel', 'error', '-i', 'pipe:0', '-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:1'],
    {
      encoding: 'buffer',
      maxBuffer: 1 << 26,
    },
  );
  child.child.stdin?.end(mp3);
  return (await child).stdout;
}

describe('LocalTtsProvider', () => {
  const tts = new LocalTtsProvider();
  const audio = new Map<VoiceName, Buffer>();

  beforeAll(async () => {
    await Promise.all(VOICES.map(async ({ name }) => audio.set(name, await tts.synthesize(LINE, name))));
  }, 120_000);

  it('reports each engine it found', async () => {
    const status = await tts.status();
    expect(status.map((s) => s.name)).toEqual(['flite', 'festival', 'ffmpeg (MP3 encoding)']);
    for (const s of status) expect(s.available, s.detail).toBe(true);
  });

  it.each(VOICES.map((v) => v.name))('%s speaks the line as a valid MP3', async (name) => {
    const mp3 = audio.get(name)!;
    const { codec, duration } = await probeDuration(mp3);
    expect(codec).toBe('mp3');
    expect(duration).toBeGreaterThan(2);
  });

  it('gives each voice a distinct engine, pitch and rate, and distinct audio', async () => {
    const tuples = VOICES.map((v) => JSON.stringify(LOCAL_VOICES[v.name]));
    expect(new Set(tuples).size).toBe(VOICES.length);
    const hashes = VOICES.map((v) => audio.get(v.name)!.toString('base64'));
    expect(new Set(hashes).size).toBe(VOICES.length);

    // voices sharing a source voice differ in measured pitch or in speaking rate
    const measured = await Promise.all(
      VOICES.map(async ({ name }) => {
        const pcm = await pcm16k(audio.get(name)!);
        return { name, source: LOCAL_VOICES[name].source, pitch: medianPitch(pcm), seconds: pcm.length / 32000 };
      }),
    );
    for (const a of measured) {
      for (const b of measured) {
        if (a.name >= b.name || a.source !== b.source) continue;
        const pitchDiff = Math.abs(a.pitch / b.pitch - 1);
        const rateDiff = Math.abs(a.seconds / b.seconds - 1);
        expect(pitchDiff > 0.04 || rateDiff > 0.05, `${a.name} and ${b.name} sound alike`).toBe(true);
      }
    }
    // the female voices are higher than the male ones
    const pitchOf = (name: VoiceName) => measured.find((m) => m.name === name)!.pitch;
    const lowestFemale = Math.min(...VOICES.filter((v) => v.gender === 'female').map((v) => pitchOf(v.name)));
    const highestMale = Math.max(...VOICES.filter((v) => v.gender === 'male').map((v) => pitchOf(v.name)));
    expect(lowestFemale).toBeGreaterThan(highestMale);
  });

  it('refuses empty text and text with nothing to say', async () => {
    await expect(tts.synthesize('', 'Joanna')).rejects.toThrow(RangeError);
    await expect(tts.synthesize('   \n\t ', 'Joanna')).rejects.toThrow(RangeError);
    await expect(tts.synthesize('?!...', 'Joey')).rejects.toThrow(RangeError);
    await expect(tts.synthesize('a'.repeat(5000), 'Joey')).rejects.toThrow(RangeError);
  });

  it('refuses an unknown voice', async () => {
    await expect(tts.synthesize('Hello', 'Brian' as VoiceName)).rejects.toThrow(/Unknown voice/);
  });

  it('speaks shell-like and option-like text literally, and cleans its temporary files', async () => {
    const marker = path.join(os.tmpdir(), `tts-pwned-${process.pid}`);
    // a working folder of its own: other test files synthesize at the same time in the OS temporary folder
    const tmpDir = await mkdtemp(path.join(os.tmpdir(), 'tts-test-own-'));
    const own = new LocalTtsProvider({ tmpDir });
    const texts = [
      `$(touch ${marker}); \`touch ${marker}\` "quoted" 'single' & done`,
      '-voice kal (voice_kal_diphone)',
    ];
    try {
      for (const text of texts) {
        for (const voice of ['Joanna', 'Kendra'] as const) {
          const { duration } = await probeDuration(await own.synthesize(text, voice));
          expect(duration).toBeGreaterThan(0.3);
        }
      }
      await expect(exec('test', ['-e', marker])).rejects.toThrow();
      expect(await readdir(tmpDir)).toEqual([]);
    } finally {
      await rm(tmpDir, { recursive: true, force: true });
    }
  });

  it('treats an engine that exits 0 without audio as an error', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tts-test-'));
    try {
      const silent = path.join(dir, 'flite');
      await writeFile(silent, '#!/bin/sh\nexit 0\n');
      await chmod(silent, 0o755);
      const empty = path.join(dir, 'flite-empty');
      // writes a WAV header and nothing else
      await writeFile(empty, '#!/bin/sh\nfor a; do last="$a"; done\nprintf "RIFF" > "$last"\nexit 0\n');
      await chmod(empty, 0o755);
      await expect(new LocalTtsProvider({ flite: silent }).synthesize('Hello there', 'Joanna')).rejects.toThrow(
        /without writing audio|no audio/,
      );
      await expect(new LocalTtsProvider({ flite: empty }).synthesize('Hello there', 'Joanna')).rejects.toThrow(
        /no audio/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('runs at most `concurrency` syntheses at once', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'tts-test-'));
    try {
      // a fake flite that logs how many copies of itself are running
      const log = path.join(dir, 'log');
      const fake = path.join(dir, 'flite');
      await writeFile(
        fake,
        [
          '#!/bin/sh',
          `touch ${dir}/run.$$`,
          `ls ${dir} | grep -c '^run\\.' >> ${log}`,
          'sleep 0.3',
          `rm ${dir}/run.$$`,
          'for a; do last="$a"; done',
          'exec flite -voice slt -t "hello there" -o "$last"',
          '',
        ].join('\n'),
      );
      await chmod(fake, 0o755);
      const limited = new LocalTtsProvider({ flite: fake, concurrency: 2 });
      await Promise.all(Array.from({ length: 5 }, () => limited.synthesize('Hello', 'Joanna')));
      const counts = (await readFile(log, 'utf8')).trim().split('\n').map(Number);
      expect(counts).toHaveLength(5);
      expect(Math.max(...counts)).toBe(2);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('cleanText', () => {
  it('removes control characters and collapses whitespace', () => {
    expect(cleanText(' Hello,\u0000 world!\n\tBye ')).toBe('Hello, world! Bye');
  });
});
