import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { run } from '../../../../lib/process';
import { EngineUnavailableError, UnsupportedAudioError } from '../types';
import { wavInfo } from './audio-header';

export const SAMPLE_RATE = 16000;
/** Silence appended after the speech: the decoder needs some to finish the last word. */
export const PAD_SECONDS = 1;
/** Longest recording decoded (seconds); longer audio is cut. */
export const MAX_AUDIO_SECONDS = 600;

/**
 * Any audio ffmpeg reads → 16 kHz mono s16le PCM with ~1 s of silence appended. Never more than the audio
 * holds: a WAV's header is checked against its data first (audio-header.ts: ImplausibleAudioError) and the
 * decode stops at the length its data holds.
 */
export async function decodeAudio(audio: Buffer, ffmpeg = 'ffmpeg'): Promise<Buffer> {
  if (audio.length === 0) throw new UnsupportedAudioError('The audio is empty.');
  const held = wavInfo(audio)?.seconds;
  const seconds = held === undefined ? MAX_AUDIO_SECONDS : Math.min(MAX_AUDIO_SECONDS, Math.ceil(held * 1000) / 1000);
  // a file, not a pipe: some containers (MP4, some WAV) need a seekable input
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stt-'));
  try {
    const input = path.join(dir, 'audio');
    await writeFile(input, audio);
    const result = await run(
      ffmpeg,
      [
        '-nostdin',
        '-hide_banner',
        '-loglevel',
        'error',
        '-i',
        input,
        '-t',
        String(seconds),
        '-vn',
        '-ac',
        '1',
        '-ar',
        String(SAMPLE_RATE),
        '-f',
        's16le',
        'pipe:1',
      ],
      { timeoutMs: 120_000 },
    ).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') throw new EngineUnavailableError('ffmpeg is not installed');
      throw err;
    });
    if (result.code !== 0 || result.stdout.length < SAMPLE_RATE / 10) {
      throw new UnsupportedAudioError();
    }
    return padSilence(result.stdout);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function padSilence(pcm: Buffer, seconds = PAD_SECONDS): Buffer {
  const even = pcm.length % 2 ? pcm.subarray(0, pcm.length - 1) : pcm;
  return Buffer.concat([even, Buffer.alloc(Math.round(seconds * SAMPLE_RATE) * 2)]);
}

/** 16-bit mono PCM as a WAV file. */
export function wavFromPcm(pcm: Buffer, rate = SAMPLE_RATE): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}
