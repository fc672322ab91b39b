import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { SpeechRecognizer } from './recognizer';
import { spokenForm } from './stt-text';
import { LocalTtsProvider } from './tts/tts-local';
import { UnsupportedAudioError } from './types';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const LINE = 'Your appointment with Doctor Patel is confirmed for Tuesday at 3:30.';
const KEYWORDS = ['appointment', 'Doctor Patel', 'Tuesday|Tue'];
const WRONG = 'I am sorry, the office is closed on the weekend.';

const words = (text: string) => spokenForm(text).words.join(' ');

/** Word error rate of a hypothesis against a reference, on spoken words. */
function wer(reference: string, hypothesis: string): number {
  const ref = spokenForm(reference).words;
  const hyp = spokenForm(hypothesis).words;
  let prev = Array.from({ length: hyp.length + 1 }, (_, j) => j);
  for (let i = 1; i <= ref.length; i++) {
    const cur = [i];
    for (let j = 1; j <= hyp.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ref[i - 1] === hyp[j - 1] ? 0 : 1));
    }
    prev = cur;
  }
  return prev[hyp.length] / ref.length;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** PCM at another rate, as a browser streams it. */
function resampleTo(audio: Buffer, rate: number): Buffer {
  return execFileSync(
    'ffmpeg',
    ['-loglevel', 'error', '-i', 'pipe:0', '-ac', '1', '-ar', String(rate), '-f', 's16le', '-'],
    {
      input: audio,
      maxBuffer: 1 << 26,
    },
  );
}

describe('SpeechRecognizer', () => {
  const cacheDir = path.join(os.tmpdir(), 'simcentre-speech-unit');
  const stt = new SpeechRecognizer({ cacheDir });
  const tts = new LocalTtsProvider();
  let line: Buffer;
  let wrong: Buffer;

  beforeAll(async () => {
    execFileSync('bash', [path.join(ROOT, 'scripts/build-native.sh')], { stdio: 'inherit' });
    [line, wrong] = await Promise.all([tts.synthesize(LINE, 'Joanna'), tts.synthesize(WRONG, 'Matthew')]);
  }, 120_000);

  it('reports pocketsphinx, ffmpeg, t2p, the speaker adaptation tools and the neural recogniser', async () => {
    const status = await stt.status();
    expect(status.map((s) => s.name)).toEqual([
      'pocketsphinx',
      'ffmpeg (audio decoding)',
      't2p (pronunciation of unknown words)',
      'speaker adaptation (SphinxTrain)',
      'moonshine (neural recogniser, final transcripts)',
    ]);
    for (const s of status) expect(s.available, s.detail).toBe(true);
  });

  it('transcribes a synthesized line to the expected words with the bias', async () => {
    const result = await stt.transcribe(line, { expected: LINE, keywords: KEYWORDS });
    expect(result.text).toBe(words(LINE));
    expect(result.words.map((w) => w.word).join(' ')).toBe(result.text);
    for (const w of result.words) {
      expect(w.end).toBeGreaterThan(w.start);
      expect(w.confidence).toBeGreaterThanOrEqual(0);
      expect(w.confidence).toBeLessThanOrEqual(1);
    }
    expect(result.words.at(-1)!.end).toBeLessThan(6);
  });

  it('does not hear the expected line in a wrong answer', async () => {
    const result = await stt.transcribe(wrong, { expected: LINE, keywords: KEYWORDS });
    expect(result.text).not.toBe(words(LINE));
    for (const keyword of ['appointment', 'patel', 'tuesday']) expect(result.text).not.toContain(keyword);
    expect(wer(WRONG, result.text)).toBeLessThan(0.5);
  });

  it('decodes a human recording close to its transcript', async () => {
    const transcript = 'he was not an ill disposed young man';
    const audio = await readFile(path.join(LIBRIVOX, 'sense_and_sensibility_01_austen_64kb-0880.wav'));
    const biased = await stt.transcribe(audio, { expected: transcript, keywords: ['ill disposed'] });
    expect(wer(transcript, biased.text)).toBeLessThanOrEqual(0.15);
    const general = await stt.transcribe(audio);
    expect(general.text.split(' ').length).toBeGreaterThan(4);
  });

  it('refuses audio ffmpeg cannot decode', async () => {
    await expect(stt.transcribe(Buffer.from('this is not audio at all, just some text bytes'))).rejects.toBeInstanceOf(
      UnsupportedAudioError,
    );
    await expect(stt.transcribe(Buffer.alloc(0))).rejects.toBeInstanceOf(UnsupportedAudioError);
    const truncated = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(2000, 0x5a)]);
    await expect(stt.transcribe(truncated)).rejects.toBeInstanceOf(UnsupportedAudioError);
  });

  it('streams partial transcripts while audio arrives, then the final one', async () => {
    const pcm = resampleTo(line, 44100);
    const stream = await stt.openStream({ sampleRate: 44100, expected: LINE, keywords: KEYWORDS });
    const partials: string[] = [];
    const finals: string[] = [];
    stream.on('partial', (t) => partials.push(t.text));
    stream.on('final', (t) => finals.push(t.text));
    const chunk = 4410 * 2; // 100 ms
    let firstPartialAt = -1;
    for (let offset = 0; offset < pcm.length; offset += chunk) {
      stream.write(pcm.subarray(offset, offset + chunk));
      await new Promise((resolve) => setTimeout(resolve, 25));
      if (firstPartialAt < 0 && partials.length) firstPartialAt = offset;
    }
    expect(partials.length).toBeGreaterThan(0);
    expect(firstPartialAt).toBeGreaterThanOrEqual(0);
    const final = await stream.end();
    expect(final.text).toBe(words(LINE));
    expect(finals).toEqual([final.text]);
  });

  it('close() stops the decoder process at once', async () => {
    const before = childPids();
    const stream = await stt.openStream({ sampleRate: 16000, expected: LINE });
    stream.write(Buffer.alloc(16000));
    // the decoder starts under setpriv, which becomes psdecode once it has exec'd: wait until the child is there
    let started: number[] = [];
    for (const until = Date.now() + 10_000; !started.length && Date.now() < until; ) {
      started = childPids().filter((pid) => !before.includes(pid));
      if (!started.length) await new Promise((r) => setTimeout(r, 20));
    }
    expect(started.length).toBeGreaterThan(0);
    stream.close();
    const deadline = Date.now() + 2000;
    while (started.some(isRunning) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(started.filter(isRunning)).toEqual([]);
    await expect(stream.end()).rejects.toThrow(/closed/);
  });
});

/** the decoder's process name before and after setpriv execs it (lib/process.ts) */
const DECODER_NAMES = ['setpriv', 'psdecode'];

/** pids of this process's live decoder children (Linux /proc) */
function childPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (DECODER_NAMES.includes(comm) && Number(ppid) === process.pid && state !== 'Z') pids.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return pids;
}
