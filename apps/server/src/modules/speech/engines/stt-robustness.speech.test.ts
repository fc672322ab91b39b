import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gradeLine, recognitionHints } from '@sim/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wavFromPcm } from './audio/stt-audio';
import { SpeechRecognizer } from './recognizer';

/**
 * Issue 14 on the real engine: speech the recogniser was not tuned on (espeak-ng's British voice), with
 * stretches of digital silence as a browser's noise suppression leaves them, graded as Try Test does it.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const LINE = 'Your parcel was left with a neighbour because nobody answered the door.';
const KEYWORDS = ['parcel', 'neighbour|neighbor', 'answered the door'];
const WRONG = 'I can book the engineer for next Monday morning instead.';
const RATE = 16000;

/** espeak-ng speech at 16 kHz mono s16le, between 1.5 s of exact-zero samples */
function espeak(text: string, voice: string, dir: string): Buffer {
  const wav = path.join(dir, `${voice}-${text.length}.wav`);
  execFileSync('espeak-ng', ['-v', voice, '-w', wav, text]);
  const pcm = execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-i',
    wav,
    '-ac',
    '1',
    '-ar',
    String(RATE),
    '-f',
    's16le',
    '-',
  ]);
  const silence = Buffer.alloc(Math.round(1.5 * RATE) * 2);
  return Buffer.concat([silence, pcm, silence]);
}

describe('recognition of unfamiliar speech with digital silence (issue 14)', () => {
  const stt = new SpeechRecognizer({ cacheDir: path.join(os.tmpdir(), 'simcentre-speech-unit') });
  const hints = recognitionHints({ script: LINE, keywords: KEYWORDS, tests: [] });
  let dir: string;
  let line: Buffer;
  let wrong: Buffer;

  beforeAll(() => {
    execFileSync('bash', [path.join(ROOT, 'scripts/build-native.sh')], { stdio: 'inherit' });
    dir = mkdtempSync(path.join(os.tmpdir(), 'stt-robustness-'));
    line = espeak(LINE, 'en-gb', dir);
    wrong = espeak(WRONG, 'en-gb', dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the recording really holds runs of exact zeros', () => {
    let zeros = 0;
    for (let i = 0; i < line.length; i += 2) if (line.readInt16LE(i) === 0) zeros++;
    expect(zeros).toBeGreaterThan(2 * RATE);
  });

  it('finds every keyword of the line', async () => {
    const t = await stt.transcribe(wavFromPcm(line), hints);
    const graded = gradeLine({ transcript: t.text, keywords: KEYWORDS, spotted: t.spotted });
    expect(graded.missedKeywords, t.text).toEqual([]);
    expect(graded.passed).toBe(true);
  });

  it('finds no keyword in a wrong answer', async () => {
    const t = await stt.transcribe(wavFromPcm(wrong), hints);
    const graded = gradeLine({ transcript: t.text, keywords: KEYWORDS, spotted: t.spotted });
    expect(graded.correctKeywords, `${t.text} | ${t.spotted}`).toEqual([]);
    expect(t.spotted ?? []).toEqual([]);
  });

  it('a stream gives the final transcript of the same recording uploaded, however it is cut', async () => {
    const upload = await stt.transcribe(wavFromPcm(line), hints);
    const stream = await stt.openStream({ ...hints, sampleRate: RATE });
    for (let at = 0, size = 1; at < line.length; at += size, size = (size * 7 + 3) % 9001) {
      stream.write(line.subarray(at, at + size));
    }
    expect(await stream.end()).toEqual(upload);
  });

  it('decodes the same recording to the same transcript every time (the noise floor is seeded)', async () => {
    const [a, b] = await Promise.all([
      stt.transcribe(wavFromPcm(line), hints),
      stt.transcribe(wavFromPcm(line), hints),
    ]);
    expect(a).toEqual(b);
  });
});

describe('the psdecode helper', () => {
  it('reports each keyword phrase’s lattice score with --phrases', () => {
    const bin = path.join(ROOT, 'apps/server/native/build/psdecode');
    const model = '/usr/share/pocketsphinx/model/en-us';
    const dir = mkdtempSync(path.join(os.tmpdir(), 'psdecode-phrases-'));
    try {
      const phrases = path.join(dir, 'phrases');
      execFileSync('sh', ['-c', `printf 'go forward\\nten meters\\nturn left\\n' > ${phrases}`]);
      const raw = readFileSync('/usr/share/pocketsphinx/test/data/goforward.raw');
      const out = execFileSync(
        bin,
        [
          '--phrases',
          phrases,
          '-hmm',
          `${model}/en-us`,
          '-lm',
          `${model}/en-us.lm.bin`,
          '-dict',
          `${model}/cmudict-en-us.dict`,
          '-logfn',
          '/dev/null',
        ],
        { input: raw },
      ).toString('utf8');
      const final = JSON.parse(out.trim().split('\n').at(-1)!);
      expect(final.type).toBe('final');
      const scores = Object.fromEntries(final.phrases.map((p: { phrase: string; post: number }) => [p.phrase, p.post]));
      expect(Object.keys(scores)).toEqual(['go forward', 'ten meters', 'turn left']);
      expect(scores['go forward']).toBeGreaterThan(Math.log(0.5));
      expect(scores['turn left']).toBeLessThan(Math.log(0.1));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
