import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_LIMITS } from '@sim/shared';
import { runChecked } from '../../speech/engines/process';
import { EngineUnavailableError, UnsupportedAudioError } from '../../speech/engines/types';

/** The MP3 settings of the generated voices (speech/engines/tts-local.ts), so both clips sound alike. */
const MP3_RATE = '22050';
const MP3_BITRATE = '64k';
const MIN_MP3_BYTES = 400;

/**
 * Converts a recording (WebM/Opus, OGG, WAV, MP3... anything ffmpeg reads) in `input` to a mono MP3 in
 * `output`, cut at the longest clip allowed. Throws UnsupportedAudioError for what is not audio and
 * EngineUnavailableError when ffmpeg is missing.
 */
export async function convertToMp3(input: string, output: string, ffmpeg = 'ffmpeg'): Promise<void> {
  try {
    await runChecked(
      ffmpeg,
      [
        '-nostdin',
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-i',
        input,
        '-t',
        String(UPLOAD_LIMITS.recordedAudioMaxSeconds),
        '-vn',
        '-ac',
        '1',
        '-ar',
        MP3_RATE,
        '-c:a',
        'libmp3lame',
        '-b:a',
        MP3_BITRATE,
        '-f',
        'mp3',
        output,
      ],
      { timeoutMs: 120_000 },
    );
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new EngineUnavailableError('ffmpeg is not installed');
    throw new UnsupportedAudioError();
  }
  const size = (await fs.stat(output).catch(() => null))?.size ?? 0;
  if (size < MIN_MP3_BYTES) throw new UnsupportedAudioError();
}

export const mp3Name = (dir: string) => path.join(dir, 'clip.mp3');
