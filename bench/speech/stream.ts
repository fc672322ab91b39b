import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { SpeechRecognizer } from '../../apps/server/src/modules/speech/engines/recognizer';
import type { RecognitionHints, Transcript } from '../../apps/server/src/modules/speech/engines/types';

const run = promisify(execFile);
export const BROWSER_RATE = 44100;
const CHUNK_MS = 100;

export interface StreamTiming {
  /** from openStream() (audio starts flowing then) to the first non-empty partial, seconds */
  firstPartial: number;
  /** firstPartial less the start of the first word in the audio: feedback delay after the speaker starts */
  firstPartialAfterOnset: number;
  partials: number;
  /** from end() to the final transcript, seconds */
  finalAfterEnd: number;
  final: Transcript;
}

/** Mono s16le PCM of the audio at a sample rate (the browser's by default, as the web client streams it). */
export async function pcmAt(audio: Buffer, rate = BROWSER_RATE): Promise<Buffer> {
  const child = run(
    'ffmpeg',
    ['-loglevel', 'error', '-i', 'pipe:0', '-ac', '1', '-ar', String(rate), '-f', 's16le', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 1 << 28 },
  );
  child.child.stdin?.end(audio);
  return (await child).stdout;
}

/** Streams the audio in real time (100 ms frames at 44.1 kHz), like the browser, and times the messages. */
export async function streamInRealTime(
  stt: SpeechRecognizer,
  pcm: Buffer,
  hints: RecognitionHints,
): Promise<StreamTiming> {
  const started = performance.now();
  const stream = await stt.openStream({ ...hints, sampleRate: BROWSER_RATE });
  let firstPartial = Number.NaN;
  let partials = 0;
  stream.on('partial', (t) => {
    if (!t.text) return;
    partials += 1;
    if (Number.isNaN(firstPartial)) firstPartial = (performance.now() - started) / 1000;
  });
  const chunkBytes = Math.round((BROWSER_RATE * CHUNK_MS) / 1000) * 2;
  for (let offset = 0, i = 0; offset < pcm.length; offset += chunkBytes, i++) {
    stream.write(pcm.subarray(offset, offset + chunkBytes));
    const due = started + (i + 1) * CHUNK_MS;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
  }
  const ending = performance.now();
  const final = await stream.end();
  const onset = final.words[0]?.start ?? 0;
  return {
    firstPartial,
    firstPartialAfterOnset: firstPartial - onset,
    partials,
    finalAfterEnd: (performance.now() - ending) / 1000,
    final,
  };
}
