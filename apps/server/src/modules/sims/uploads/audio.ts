import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOAD_LIMITS } from '@sim/shared';
import { runChecked } from '../../../lib/process';
import { EngineUnavailableError, MIN_MP3_BYTES, mp3OutputArgs, UnsupportedAudioError } from '../../speech/service';

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
        ...mp3OutputArgs(),
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
