import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeAudio } from '../audio/stt-audio';
import { SpeechRecognizer } from '../recognizer';
import { MOONSHINE_FILES, MoonshineRecognizer } from './stt-moonshine';

/**
 * The neural recogniser on speech it was not made for by this project: LibriVox readers (human voices,
 * pocketsphinx's own test recordings) and espeak-ng's Caribbean English, with digital silence around it.
 */
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
/** pocketsphinx's transcription file: "<s> text </s> (id)" per line */
function readings(): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of readFileSync(`${LIBRIVOX}/transcription`, 'utf8').split('\n')) {
    const m = /^<s>\s*(.*?)\s*<\/s>\s*\((.+)\)\s*$/.exec(line.trim());
    if (m) out.set(m[2], m[1].toLowerCase());
  }
  return out;
}

function wordErrors(expected: string, heard: string): number {
  const a = expected.split(' ');
  const b = heard.split(' ').filter(Boolean);
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1), d[i - 1][j] + 1, d[i][j - 1] + 1);
    }
  }
  return d[a.length][b.length] / a.length;
}

describe('MoonshineRecognizer', () => {
  const recognizer = new MoonshineRecognizer({ concurrency: 1 });

  it('is installed by scripts/ensure-speech-model.sh', async () => {
    const status = await recognizer.status();
    expect(status.available, status.detail).toBe(true);
  });

  it('transcribes human readings close to their text, in the words the grader matches', async () => {
    const texts = readings();
    expect(texts.size).toBe(5);
    let errors = 0;
    let words = 0;
    for (const [id, expected] of texts) {
      const result = await recognizer.recognize(await decodeAudio(await readFile(`${LIBRIVOX}/${id}.wav`)));
      expect(result.text).toMatch(/^[a-z' ]*$/);
      errors += wordErrors(expected, result.text) * expected.split(' ').length;
      words += expected.split(' ').length;
      expect(result.cpuSeconds).toBeGreaterThan(0);
    }
    // pocketsphinx's general model: about 0.3 on these (its own test data)
    expect(errors / words).toBeLessThanOrEqual(0.15);
  });

  it('hears an accent between long stretches of digital silence, and writes nothing for silence alone', async () => {
    const wav = execFileSync('espeak-ng', ['-v', 'en-029', '--stdout', 'please confirm your date of birth']);
    const speech = await decodeAudio(wav);
    const silence = Buffer.alloc(2 * 16000 * 2);
    const result = await recognizer.recognize(Buffer.concat([silence, speech, silence]));
    // untrimmed, the tiny model wrote nothing here; it hears most of it (it takes "birth" for "board")
    expect(wordErrors('please confirm your date of birth', result.text), result.raw).toBeLessThanOrEqual(0.34);
    expect((await recognizer.recognize(Buffer.alloc(3 * 16000 * 2))).text).toBe('');
  });

  it('decodes again with the keyword phrases boosted, leaving the plain text as it was', async () => {
    const wav = execFileSync('espeak-ng', ['-v', 'en-029', '--stdout', 'please confirm your date of birth']);
    const pcm = await decodeAudio(wav);
    const plain = await recognizer.recognize(pcm);
    const result = await recognizer.recognize(pcm, {
      phrases: ['date of birth', 'roadside assistance'],
      boosts: [recognizer.boost, 8],
    });
    expect(result.raw).toBe(plain.raw);
    expect(result.boosted?.map((b) => b.boost)).toEqual([recognizer.boost, 8]);
    // the tiny model hears "date on board"; a strong bonus tips it to the phrase it nearly said
    expect(plain.text).not.toContain('date of birth');
    expect(result.boosted?.[1].text).toContain('date of birth');
    // a phrase nowhere in the audio is not written, even at that bonus
    for (const b of result.boosted ?? []) expect(b.text).not.toMatch(/roadside|assistance/);
    // without phrases there is no boosted decode
    expect((await recognizer.recognize(pcm, { phrases: [] })).boosted).toBeUndefined();
  });

  it("gives the provider's grading a boosted decode of the line's keywords, the transcript staying the plain one", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'moonshine-boost-'));
    try {
      const stt = new SpeechRecognizer({ neural: recognizer, cacheDir: dir });
      const wav = execFileSync('espeak-ng', ['-v', 'en-029', '--stdout', 'please confirm your date of birth']);
      const result = await stt.transcribeWithStats(wav, {
        expected: 'Please confirm your date of birth.',
        keywords: ['date of birth'],
      });
      expect(typeof result.neuralBoostedRaw).toBe('string');
      expect(result.transcript.text).toBe((await recognizer.recognize(await decodeAudio(wav))).text);
      const plain = await stt.transcribeWithStats(wav, {});
      expect(plain.neuralRaw).toBeDefined();
      expect(plain.neuralBoostedRaw).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets the process end once its decodes are done (its idle workers hold nothing)', () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const dir = mkdtempSync(path.join(os.tmpdir(), 'moonshine-exit-'));
    try {
      const script = path.join(dir, 'once.mts');
      writeFileSync(
        script,
        [
          `import { MoonshineRecognizer } from ${JSON.stringify(path.join(here, 'stt-moonshine.ts'))};`,
          'const pcm = Buffer.alloc(16000 * 2);',
          'for (let i = 0; i < 16000; i++) pcm.writeInt16LE(Math.round(8000 * Math.sin(i / 5)), i * 2);',
          'const result = await new MoonshineRecognizer().recognize(pcm);',
          "console.log('done', typeof result.text);",
        ].join('\n'),
      );
      const run = spawnSync('npx', ['tsx', script], { encoding: 'utf8', timeout: 30_000 });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('done string');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('fails a decode on a broken model, and the provider then answers with pocketsphinx alone', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'moonshine-broken-'));
    try {
      for (const f of MOONSHINE_FILES) writeFileSync(path.join(dir, f), 'not an onnx model');
      const broken = new MoonshineRecognizer({ modelDir: dir });
      const wav = execFileSync('espeak-ng', ['-v', 'en-us', '--stdout', 'please confirm your date of birth']);
      await expect(broken.recognize(await decodeAudio(wav))).rejects.toThrow();
      const stt = new SpeechRecognizer({ neural: broken, cacheDir: path.join(dir, 'cache') });
      const result = await stt.transcribeWithStats(wav, { expected: 'please confirm your date of birth' });
      expect(result.transcript.text).toContain('date of birth');
      expect(result.neuralRaw).toBeUndefined();
      await broken.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
