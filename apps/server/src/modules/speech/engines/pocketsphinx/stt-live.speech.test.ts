import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gradeLine, recognitionHints } from '@sim/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findPsdecode, PARTIAL_MS, SpeechRecognizer } from '../recognizer';
import type { DecoderProcess } from './stt-decoder';
import { PocketsphinxEngine } from './stt-pocketsphinx-engine';

/**
 * Issue 31, defect 4 on the real engine: a stream's live partials follow what the learner says. Off script,
 * the last partial (what the learner reads when they stop) holds none of the line's distinctive words that
 * were not said — with the graded decode's biased model the first take ended "please old white like to and
 * star you today really department", the line's "today" invented — and no partial ticks a keyword; on
 * script, the web still ticks the line's keywords from the partials. (A passing partial may still show a
 * word of the line for a moment: the live model keeps a mild bias, bench/results/live-honesty.md.)
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../../..');
const RATE = 44100;

const GREETING = {
  script: 'Thank you for calling Riverside Medical Center, my name is Alex, how can I help you today?',
  keywords: ['Riverside Medical Center', 'how can I help'],
};
const FEE = {
  script: 'There is a $50 fee for missed appointments without 24 hours notice.',
  keywords: ['fifty dollar fee|$50 fee|fifty dollars fee', 'twenty four hours|24 hours'],
};

const OFF_SCRIPT = [
  {
    voice: 'en-us',
    line: GREETING,
    said: 'Please hold while I transfer you to the billing department.',
    distinctive: ['thank', 'calling', 'riverside', 'medical', 'center', 'name', 'alex', 'help', 'today'],
  },
  {
    voice: 'en-029',
    line: FEE,
    said: 'We ask that you call us if you are running late.',
    distinctive: ['fifty', 'dollars', 'fee', 'missed', 'appointments', 'without', 'twenty', 'four', 'hours', 'notice'],
  },
];

const ON_SCRIPT = [
  {
    voice: 'en-us',
    line: {
      script: 'Your appointment with Doctor Patel is confirmed for Tuesday at 3:30.',
      keywords: ['appointment', 'Doctor Patel', 'Tuesday|Tue'],
    },
  },
  {
    voice: 'en-gb',
    line: { script: 'Let me transfer you to our billing department.', keywords: ['transfer', 'billing department'] },
  },
];

/** espeak-ng speech as the browser streams it: mono 16-bit PCM at 44.1 kHz, with 0.7 s of quiet either side */
function speech(text: string, voice: string, dir: string): Buffer {
  const wav = path.join(dir, `${voice}-${text.length}.wav`);
  execFileSync('espeak-ng', ['-v', voice, '-w', wav, text]);
  return execFileSync('ffmpeg', [
    '-loglevel',
    'error',
    '-i',
    wav,
    '-af',
    'adelay=700:all=1,apad=pad_dur=0.7',
    '-ac',
    '1',
    '-ar',
    String(RATE),
    '-f',
    's16le',
    '-',
  ]);
}

/** the -lm of a decoder just started (Linux /proc), read once it is ready */
async function lmOf(decoder: DecoderProcess): Promise<string> {
  await new Promise((resolve) => decoder.once('ready', resolve));
  const argv = readFileSync(`/proc/${decoder.pid}/cmdline`, 'utf8').split('\0');
  return argv[argv.indexOf('-lm') + 1];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the live transcript of a stream (issue 31, defect 4)', () => {
  const stt = new SpeechRecognizer({
    cacheDir: path.join(os.tmpdir(), 'simcentre-speech-unit'),
    neural: false,
    redecodeStreams: false,
  });
  let dir: string;

  /** Every partial text of a stream of the audio, as the websocket sends them (the stream is then closed). */
  async function partials(pcm: Buffer, line: { script: string; keywords: string[] }): Promise<string[]> {
    const hints = recognitionHints({ script: line.script, keywords: line.keywords, tests: [] });
    const stream = await stt.openStream({ ...hints, sampleRate: RATE });
    const texts: string[] = [];
    let last = Date.now();
    stream.on('partial', (t) => {
      texts.push(t.text);
      last = Date.now();
    });
    const chunk = (RATE / 10) * 2; // 100 ms
    for (let at = 0; at < pcm.length; at += chunk) {
      stream.write(pcm.subarray(at, at + chunk));
      await sleep(5);
    }
    // the decoder catches up: no new partial for a while (its partials stop at end(), so the stream is not
    // ended); the decoders run at a lower CPU priority, so on a busy machine the pause is a generous one
    const deadline = Date.now() + 30_000;
    last = Date.now();
    while (Date.now() - last < 1500 && Date.now() < deadline) await sleep(50);
    stream.close();
    return texts.filter(Boolean);
  }

  beforeAll(() => {
    execFileSync('bash', [path.join(ROOT, 'scripts/build-native.sh')], { stdio: 'inherit' });
    dir = mkdtempSync(path.join(os.tmpdir(), 'stt-live-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('only the live decoder has a model of its own: the final, which grades the line, keeps the graded one', async () => {
    const cacheDir = path.join(os.tmpdir(), 'simcentre-speech-unit');
    const hints = recognitionHints({ script: GREETING.script, keywords: GREETING.keywords, tests: [] });
    for (const liveBias of [undefined, 'graded' as const]) {
      const engine = new PocketsphinxEngine({ psdecode: findPsdecode(), cacheDir, partialMs: PARTIAL_MS, liveBias });
      const target = await engine.compile(hints);
      const decoders = await engine.streamDecoders(target, hints);
      const final = decoders.final();
      try {
        const [live, graded] = await Promise.all([lmOf(decoders.live), lmOf(final)]);
        expect(graded).toBe(target.model?.lm);
        if (liveBias === 'graded') expect(live).toBe(target.model?.lm);
        else expect(live).not.toBe(target.model?.lm);
      } finally {
        decoders.live.kill();
        final.kill();
      }
    }
  });

  it.each(OFF_SCRIPT)(
    'off script ($voice): "$said" ends with none of the line’s words not said',
    async (c) => {
      const texts = await partials(speech(c.said, c.voice, dir), c.line);
      expect(texts.length).toBeGreaterThan(0);
      const last = texts.at(-1) ?? '';
      const heard = new Set(last.split(' '));
      expect(
        c.distinctive.filter((w) => heard.has(w)),
        last,
      ).toEqual([]);
      // and the web ticks none of the line's keywords
      const ticked = texts.flatMap((t) => gradeLine({ transcript: t, keywords: c.line.keywords }).correctKeywords);
      expect(ticked).toEqual([]);
    },
    60_000,
  );

  it.each(ON_SCRIPT)(
    'on script ($voice): the web ticks every keyword of "$line.script"',
    async (c) => {
      const texts = await partials(speech(c.line.script, c.voice, dir), c.line);
      const ticked = new Set(
        texts.flatMap((t) => gradeLine({ transcript: t, keywords: c.line.keywords }).correctKeywords),
      );
      expect([...ticked].sort(), texts.at(-1)).toEqual([...c.line.keywords].sort());
    },
    60_000,
  );
});
