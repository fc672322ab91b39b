import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_CONDITIONING } from '../../../apps/server/src/modules/speech/engines/audio/stt-condition';
import type { DecoderProcess } from '../../../apps/server/src/modules/speech/engines/pocketsphinx/stt-decoder';
import { filterProfanity } from '../../../apps/server/src/modules/speech/engines/pocketsphinx/stt-profanity';
import { PocketsphinxStream } from '../../../apps/server/src/modules/speech/engines/pocketsphinx/stt-stream';

/** What a live decode of one recording gave. */
export interface LiveRun {
  /** every partial text sent, in order (empty ones left out) */
  partials: string[];
  /** the last partial: what the learner reads when they stop */
  last: string;
  /** CPU seconds of the decoder once its models were loaded (it said it was ready) */
  loadCpu: number;
  /** wall seconds from its start to ready */
  loadWall: number;
  /** CPU seconds spent decoding the recording live (after ready) */
  decodeCpu: number;
  /** seconds of audio (16 kHz) the decoder heard */
  audioSeconds: number;
}

const CHUNK_MS = 100;
const POLL_MS = 25;
/** the decoder is done with the audio when it sleeps on its input and its CPU time is still this long */
const IDLE_MS = 250;

/** utime + stime of a process, seconds (Linux /proc), and whether it is asleep */
function processCpu(pid: number): { cpu: number; sleeping: boolean } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { cpu: (Number(fields[11]) + Number(fields[12])) / 100, sleeping: fields[0] === 'S' };
  } catch {
    return undefined;
  }
}

/**
 * Streams PCM (mono s16le at `rate`, as the browser sends it) through a live decoder exactly as the server's
 * stream does (PocketsphinxStream: resampled to 16 kHz, conditioned causally, the partials' profanity the
 * line does not hold dropped), in 100 ms frames written as fast as the decoder takes them (its partials
 * depend on the audio, not on the clock), waits until it has decoded everything, and closes it (as a
 * stream's end does: the live decoder is killed, its own final never read).
 */
export async function liveDecode(
  decoder: DecoderProcess,
  pcm: Buffer,
  rate: number,
  allowed: ReadonlySet<string> | undefined,
): Promise<LiveRun> {
  const started = performance.now();
  const pid = decoder.pid;
  if (pid === undefined) throw new Error('The decoder did not start');
  // the audio is written once the models are loaded, so that their CPU time is told apart
  const ready = await new Promise<{ cpu: number; wall: number }>((resolve, reject) => {
    decoder.once('ready', () =>
      resolve({ cpu: processCpu(pid)?.cpu ?? Number.NaN, wall: (performance.now() - started) / 1000 }),
    );
    decoder.done.then(() => reject(new Error('The decoder ended before it was ready')), reject);
  });
  const partials: string[] = [];
  const stream = new PocketsphinxStream(decoder, {
    sampleRate: rate,
    partial: (text) => filterProfanity({ text, words: [] }, allowed),
    final: () => ({ text: '', words: [] }),
    conditioning: DEFAULT_CONDITIONING,
    release: () => undefined,
  });
  let failure: Error | undefined;
  stream.on('error', (err: Error) => {
    failure = err;
  });
  stream.on('partial', (t) => {
    if (t.text) partials.push(t.text);
  });
  const chunk = Math.round((rate * CHUNK_MS) / 1000) * 2;
  for (let at = 0; at < pcm.length; at += chunk) stream.write(pcm.subarray(at, at + chunk));
  // idle: ready, asleep (on its input) and no CPU used for IDLE_MS
  let last = processCpu(pid);
  let stillSince = performance.now();
  for (;;) {
    await sleep(POLL_MS);
    if (failure) throw failure;
    const now = processCpu(pid);
    if (!now) throw new Error('The decoder exited');
    if (!now.sleeping || now.cpu !== last?.cpu) {
      stillSince = performance.now();
      last = now;
      continue;
    }
    if (performance.now() - stillSince >= IDLE_MS) break;
  }
  const total = last?.cpu ?? Number.NaN;
  stream.close();
  const loadCpu = ready.cpu;
  return {
    partials,
    last: partials.at(-1) ?? '',
    loadCpu,
    loadWall: ready.wall,
    decodeCpu: total - loadCpu,
    audioSeconds: pcm.length / 2 / rate,
  };
}
