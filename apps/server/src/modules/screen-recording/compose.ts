// Builds the screen recording's MP4 from the browser's webm recordings (one per screen) with ffmpeg.
import { randomUUID } from 'node:crypto';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { SCREEN_RECORDING_MESSAGES as M } from '@sim/shared';
import { spawnChild } from '../../lib/process';
import { probeMedia, UnreadableMediaError } from './probe';

export interface ComposeInput {
  /** paths of the webm files, 1 or 2, in layout order (the first carries the learner's audio) */
  sources: string[];
  /** start delay of each source relative to the earliest (from the page's stamps) */
  offsetsMs: number[];
  /** the attempt's length; the output is cut/padded to it */
  durationSeconds: number;
  /** .mp4 to write */
  outputPath: string;
  signal?: AbortSignal;
}

export interface ComposeResult {
  durationSeconds: number;
  width: number;
  height: number;
  sizeBytes: number;
  hasAudio: boolean;
  hasVideo: boolean;
}

/** The video could not be built: bad input, unreadable sources or ffmpeg's failure (its stderr's tail). */
export class ComposeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ComposeError';
  }
}

/**
 * The output's shape. One screen keeps its size up to 1920×1080; two are stacked, each fitted in 1280×720
 * (stacked rather than side by side: in any viewer up to 16:9 wide each screen shows at least as large, and
 * the result stays 1280×1440 at most). Screens are never enlarged. 15 fps is enough to follow clicks and
 * typing and halves the encoder's work; x264 veryfast keeps a 5-minute two-screen build under real time on
 * 2 cores (bench:recording).
 */
export const COMPOSE_SETTINGS = {
  single: { width: 1920, height: 1080 },
  stacked: { width: 1280, height: 720 },
  fps: 15,
  preset: 'veryfast',
  crf: 26,
  audioBitrate: '128k',
  audioRate: 48000,
  /** ffmpeg runs below the server's priority: requests stay quick while a video builds */
  nice: 10,
} as const;

const MAX_SOURCES = 2;
const STDERR_TAIL = 4000;
/** the built video's length may differ from the one asked by this much (a frame, the AAC priming) */
const DURATION_TOLERANCE = 0.5;

function validate(input: ComposeInput): void {
  const { sources, offsetsMs, durationSeconds, outputPath } = input;
  if (sources.length < 1 || sources.length > MAX_SOURCES) {
    throw new ComposeError(`A screen recording has 1 or ${MAX_SOURCES} sources, not ${sources.length}.`);
  }
  if (offsetsMs.length !== sources.length) {
    throw new ComposeError(`Expected ${sources.length} offsets, got ${offsetsMs.length}.`);
  }
  if (offsetsMs.some((ms) => !Number.isFinite(ms) || ms < 0)) {
    throw new ComposeError('Offsets must be finite numbers of milliseconds, 0 or more.');
  }
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    throw new ComposeError('The duration must be a positive number of seconds.');
  }
  if (!outputPath) throw new ComposeError('No output path.');
}

const seconds = (value: number) => value.toFixed(3);
const even = (value: number) => Math.max(2, Math.floor(value / 2) * 2);

export interface Size {
  width: number;
  height: number;
}

/** `size` shrunk (never enlarged) to fit in `box`, keeping its shape, in even pixels; the box when unknown. */
export function fitIn(size: Partial<Size>, box: Size): Size {
  if (!size.width || !size.height) return { ...box };
  const scale = Math.min(1, box.width / size.width, box.height / size.height);
  return { width: even(size.width * scale), height: even(size.height * scale) };
}

/** Each screen's cell in the output (stacked: as wide as the widest) and the output's size. */
export function layout(screens: Partial<Size>[]): { cells: Size[]; width: number; height: number } {
  const box = screens.length === 1 ? COMPOSE_SETTINGS.single : COMPOSE_SETTINGS.stacked;
  const fitted = screens.map((screen) => fitIn(screen, box));
  const width = Math.max(...fitted.map((cell) => cell.width));
  const cells = fitted.map((cell) => ({ width, height: cell.height }));
  return { cells, width, height: cells.reduce((sum, cell) => sum + cell.height, 0) };
}

/**
 * The ffmpeg arguments: each screen read up to the length only, to a constant frame rate (a variable-rate
 * recording's gaps repeat the last picture), fitted in its cell, its start padded black by its offset, its
 * end held, cut to the length; the cells stacked; the audio of `audioSource` (-1: silence) resampled without
 * gaps, delayed by its offset, padded and cut to the length.
 */
export function composeArgs(
  input: Pick<ComposeInput, 'sources' | 'offsetsMs' | 'durationSeconds'>,
  screens: Partial<Size>[],
  audioSource: number,
  outputPath: string,
): { args: string[]; width: number; height: number } {
  const { sources, offsetsMs, durationSeconds } = input;
  const { cells, width, height } = layout(screens);
  const { fps } = COMPOSE_SETTINGS;
  const length = seconds(durationSeconds);
  const filters: string[] = [];
  sources.forEach((_, i) => {
    const cell = cells[i];
    const offset = Math.min(offsetsMs[i] / 1000, durationSeconds);
    filters.push(
      [
        // a frame stamped beyond the length (forged: a day later) is held at the length: the fps filter then
        // never fills the gap up to it (86400 s × 15 fps of frames through the chain, issue 32)
        `[${i}:v]setpts='if(gt(PTS*TB,${length}),${length}/TB,PTS)'`,
        `fps=fps=${fps}:start_time=0`,
        `scale=w=${cell.width}:h=${cell.height}:force_original_aspect_ratio=decrease:force_divisible_by=2:flags=fast_bilinear`,
        `pad=${cell.width}:${cell.height}:(ow-iw)/2:(oh-ih)/2:color=black`,
        'setsar=1',
        'format=yuv420p',
        `tpad=start_duration=${seconds(offset)}:color=black:stop_mode=clone:stop_duration=${length}`,
        `trim=duration=${length}[v${i}]`,
      ].join(','),
    );
  });
  filters.push(
    sources.length === 1
      ? '[v0]null[vout]'
      : `${sources.map((_, i) => `[v${i}]`).join('')}vstack=inputs=${sources.length}[vout]`,
  );
  if (audioSource >= 0) {
    const delayMs = Math.round(Math.min(offsetsMs[audioSource], durationSeconds * 1000));
    filters.push(
      `[${audioSource}:a]aresample=${COMPOSE_SETTINGS.audioRate}:async=1:first_pts=0,adelay=delays=${delayMs}:all=1,apad,atrim=duration=${length}[aout]`,
    );
  } else {
    filters.push(`anullsrc=r=${COMPOSE_SETTINGS.audioRate}:cl=stereo,atrim=duration=${length}[aout]`);
  }
  const args = [
    '-nostdin',
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    // each input read no further than the length (-t before -i): packets stamped beyond it (a day later) are
    // never decoded, nor the frames between filled in
    ...sources.flatMap((source) => ['-t', length, '-i', source]),
    '-filter_complex',
    filters.join(';'),
    '-map',
    '[vout]',
    '-map',
    '[aout]',
    '-c:v',
    'libx264',
    '-preset',
    COMPOSE_SETTINGS.preset,
    '-crf',
    String(COMPOSE_SETTINGS.crf),
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(fps),
    '-g',
    String(fps * 4),
    '-c:a',
    'aac',
    '-b:a',
    COMPOSE_SETTINGS.audioBitrate,
    '-ar',
    String(COMPOSE_SETTINGS.audioRate),
    '-t',
    length,
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    outputPath,
  ];
  return { args, width, height };
}

function abortError(): Error {
  return new ComposeError('The screen recording build was cancelled.');
}

/** Runs ffmpeg (no shell); kills it when `signal` aborts; rejects with the tail of its stderr unless it exits 0. */
function runFfmpeg(args: string[], signal?: AbortSignal, redact: (text: string) => string = (t) => t): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    // dies with the server (lib/process.ts): a killed server's build is run again, never twice at once
    const child = spawnChild('ffmpeg', args, { stdio: ['ignore', 'ignore', 'pipe'], nice: COMPOSE_SETTINGS.nice });
    let stderr = '';
    let aborted = false;
    const onAbort = () => {
      aborted = true;
      child.kill('SIGKILL');
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      signal?.removeEventListener('abort', onAbort);
      reject(
        new ComposeError(err.code === 'ENOENT' ? 'ffmpeg is not installed' : `ffmpeg could not start: ${err.message}`),
      );
    });
    child.on('close', (code, killedBy) => {
      signal?.removeEventListener('abort', onAbort);
      if (aborted) reject(abortError());
      else if (code === 0) resolve();
      else {
        const why = killedBy ? `signal ${killedBy}` : `status ${code}`;
        const tail = redact(stderr.trim().split('\n').slice(-5).join(' | '));
        reject(new ComposeError(`ffmpeg failed (${why})${tail ? `: ${tail}` : ''}`));
      }
    });
  });
}

/**
 * Builds `outputPath` (MP4: H.264 yuv420p + AAC, faststart) from 1 or 2 webm screens: each aligned by its
 * offset, stacked, cut or padded to `durationSeconds`; the audio of the first source that has any, else
 * silence, so every video has an audio stream. Writes to a temporary name beside the output and renames on
 * success: a failure or an abort leaves no output. Throws ComposeError with the reason.
 */
export async function composeScreenVideo(input: ComposeInput): Promise<ComposeResult> {
  validate(input);
  const probes = await Promise.all(
    input.sources.map((source, i) =>
      probeMedia(source).catch((err: unknown) => {
        if (err instanceof UnreadableMediaError) {
          throw new ComposeError(M.unreadableScreen(i + 1, err.reason));
        }
        throw err;
      }),
    ),
  );
  probes.forEach((probe, i) => {
    if (!probe.streams.some((s) => s.type === 'video')) {
      throw new ComposeError(`Screen ${i + 1} has no video stream.`);
    }
  });
  if (input.signal?.aborted) throw abortError();
  const audioSource = probes.findIndex((probe) => probe.streams.some((s) => s.type === 'audio'));
  const dir = path.dirname(input.outputPath);
  const temp = path.join(dir, `.${path.basename(input.outputPath)}.${randomUUID()}.part`);
  try {
    const screens = probes.map((probe) => probe.streams.find((s) => s.type === 'video') ?? {});
    const { args } = composeArgs(input, screens, audioSource, temp);
    // the reasons name the screens, not the server's temporary paths
    const names = [...input.sources.map((source, i) => [source, `screen ${i + 1}`]), [temp, 'the video']];
    await runFfmpeg(args, input.signal, (text) => names.reduce((t, [from, to]) => t.replaceAll(from, to), text));
    const out = await probeMedia(temp).catch((err: unknown) => {
      throw new ComposeError(
        `ffmpeg wrote no readable video (${err instanceof UnreadableMediaError ? err.reason : (err as Error).message}).`,
      );
    });
    const video = out.streams.find((s) => s.type === 'video');
    const hasAudio = out.streams.some((s) => s.type === 'audio');
    if (!video || !hasAudio || out.durationSeconds <= 0) {
      throw new ComposeError('ffmpeg wrote no video: the recordings hold no picture it could decode.');
    }
    if (Math.abs(out.durationSeconds - input.durationSeconds) > DURATION_TOLERANCE) {
      throw new ComposeError(
        `ffmpeg wrote ${out.durationSeconds.toFixed(1)} s instead of ${input.durationSeconds.toFixed(1)} s.`,
      );
    }
    if (input.signal?.aborted) throw abortError();
    const { size } = await stat(temp);
    await rename(temp, input.outputPath);
    return {
      durationSeconds: out.durationSeconds,
      width: video.width ?? 0,
      height: video.height ?? 0,
      sizeBytes: size,
      hasAudio,
      hasVideo: true,
    };
  } finally {
    await rm(temp, { force: true });
  }
}
