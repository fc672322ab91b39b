import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../../deps';
import { runChecked } from '../../lib/process';
import { mp3OutputArgs } from '../speech/service';

/** One line of the level in the merge: the stored clip's key, or null when the line has no audio. */
export interface MergeLine {
  scriptId: string;
  /** 'character': the script's generated clip; 'learner': the attempt line's recording */
  source: 'character' | 'learner';
  key: string | null;
}

export interface MergedAudio {
  /** the merged MP3 (in `dir`, removed by `done`) */
  file: string;
  lines: number;
  merged: number;
  /** lines without audio (no clip, or the file is not in the store), left out and counted */
  skipped: number;
  done: () => Promise<void>;
}

/** No line of the level has audio: there is nothing to send (not retried). */
export class NothingToMergeError extends Error {
  constructor() {
    super('no line of the level has audio');
    this.name = 'NothingToMergeError';
  }
}

/**
 * The filter graph: every input resampled to the app's one format (mono, 22.05 kHz) so clips of any
 * origin join, then concatenated in order.
 */
export function concatFilter(count: number): string {
  const inputs = Array.from({ length: count }, (_, i) => `[${i}:a]aresample=22050,aformat=channel_layouts=mono[a${i}]`);
  const chain = Array.from({ length: count }, (_, i) => `[a${i}]`).join('');
  return `${inputs.join(';')};${chain}concat=n=${count}:v=0:a=1[out]`;
}

/**
 * Merges the level's lines, in order, into one MP3 of the app's format with ffmpeg (concat filter). The
 * clips are copied from the blob store to a temporary folder under the data folder first; lines whose
 * clip is missing are skipped and counted. Throws NothingToMergeError when no line has audio, and
 * ffmpeg's error when a clip cannot be read.
 */
export async function mergeLines(deps: AppDeps, lines: readonly MergeLine[]): Promise<MergedAudio> {
  const base = path.join(deps.config.dataDir, 'tmp');
  await fs.mkdir(base, { recursive: true });
  const dir = await fs.mkdtemp(path.join(base, 'voice-service-'));
  const done = () => fs.rm(dir, { recursive: true, force: true });
  try {
    const inputs: string[] = [];
    for (const line of lines) {
      const stored = line.key ? await deps.blobs.get(line.key) : null;
      if (!stored || stored.data.length === 0) continue;
      const file = path.join(dir, `${String(inputs.length).padStart(4, '0')}.audio`);
      await fs.writeFile(file, stored.data);
      inputs.push(file);
    }
    if (inputs.length === 0) throw new NothingToMergeError();
    const output = path.join(dir, 'merged.mp3');
    await runChecked(
      'ffmpeg',
      [
        '-nostdin',
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        ...inputs.flatMap((file) => ['-i', file]),
        '-filter_complex',
        concatFilter(inputs.length),
        '-map',
        '[out]',
        '-vn',
        ...mp3OutputArgs(),
        output,
      ],
      { timeoutMs: 300_000 },
    );
    return { file: output, lines: lines.length, merged: inputs.length, skipped: lines.length - inputs.length, done };
  } catch (err) {
    await done();
    throw err;
  }
}
