// What a media file holds, read with ffprobe (run without a shell): its length and its streams.
import { createInterface } from 'node:readline';
import { run, spawnPiped } from '../../lib/process';

/** Longest read of a recording's packets (a 4 GiB recording is read in well under a minute). */
const HELD_TIMEOUT_MS = 600_000;

export interface MediaStream {
  type: 'video' | 'audio' | string;
  codec: string;
  width?: number;
  height?: number;
}

export interface MediaInfo {
  /** the container's length; 0 when the header has none (MediaRecorder's webm) */
  durationSeconds: number;
  streams: MediaStream[];
}

/** The file is not media ffprobe can read (corrupt, truncated before its first cluster, not a video). */
export class UnreadableMediaError extends Error {
  /** ffprobe's reason, without the file's path */
  readonly reason: string;
  constructor(path: string, reason: string) {
    super(`Cannot read ${path}: ${reason}`);
    this.name = 'UnreadableMediaError';
    this.reason = reason;
  }
}

interface FfprobeJson {
  format?: { duration?: string };
  streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number }[];
}

/** The length and streams of `path`; throws UnreadableMediaError with ffprobe's reason for what it cannot read. */
export async function probeMedia(path: string, ffprobe = 'ffprobe'): Promise<MediaInfo> {
  const result = await run(
    ffprobe,
    [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_entries',
      'format=duration:stream=codec_type,codec_name,width,height',
      path,
    ],
    { timeoutMs: 60_000, maxStdout: 1024 * 1024 },
  );
  if (result.code !== 0) {
    const why = result.stderr
      .trim()
      .split('\n')
      .slice(-2)
      .map((line) => line.replaceAll(`${path}: `, '').replace(/^\[[^\]]+\] /, ''))
      .join(' | ');
    throw new UnreadableMediaError(path, why || `ffprobe exited with ${result.code}`);
  }
  let json: FfprobeJson;
  try {
    json = JSON.parse(result.stdout.toString('utf8')) as FfprobeJson;
  } catch {
    throw new UnreadableMediaError(path, 'ffprobe answered no JSON');
  }
  const duration = Number(json.format?.duration);
  return {
    durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : 0,
    streams: (json.streams ?? []).map((s) => ({
      type: s.codec_type ?? 'unknown',
      codec: s.codec_name ?? 'unknown',
      ...(s.width ? { width: s.width } : {}),
      ...(s.height ? { height: s.height } : {}),
    })),
  };
}

/**
 * The length `path` holds, read from its packets (ffprobe reads them without decoding): from the start of
 * its first packet to the end of its last, over all its streams. The container's header is not believed: a
 * MediaRecorder webm has no duration there, and a forged one may claim a day over three seconds of packets.
 * The output is read line by line (a long recording has a million packets). Throws UnreadableMediaError for
 * what ffprobe cannot read; 0 when it holds no packet.
 */
export async function heldSeconds(path: string, signal?: AbortSignal, ffprobe = 'ffprobe'): Promise<number> {
  signal?.throwIfAborted();
  const child = spawnPiped(ffprobe, [
    '-v',
    'error',
    '-show_entries',
    'packet=pts_time,dts_time,duration_time',
    '-of',
    'compact=p=0',
    path,
  ]);
  child.stdin.end();
  const kill = () => child.kill('SIGKILL');
  signal?.addEventListener('abort', kill, { once: true });
  const timer = setTimeout(kill, HELD_TIMEOUT_MS);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000);
  });
  const exited = new Promise<{ code: number | null; error?: Error }>((resolve) => {
    child.once('error', (error) => resolve({ code: null, error }));
    child.once('close', (code) => resolve({ code }));
  });
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  try {
    for await (const line of createInterface({ input: child.stdout, crlfDelay: Number.POSITIVE_INFINITY })) {
      const fields = new Map(line.split('|').map((pair) => pair.split('=') as [string, string]));
      const at = Number.parseFloat(fields.get('pts_time') ?? '');
      const start = Number.isFinite(at) ? at : Number.parseFloat(fields.get('dts_time') ?? '');
      if (!Number.isFinite(start)) continue;
      const length = Number.parseFloat(fields.get('duration_time') ?? '');
      first = Math.min(first, start);
      last = Math.max(last, start + (Number.isFinite(length) && length > 0 ? length : 0));
    }
    const { code, error } = await exited;
    signal?.throwIfAborted();
    if (error) throw error;
    if (code !== 0) {
      const why = stderr
        .trim()
        .split('\n')
        .slice(-2)
        .map((l) => l.replaceAll(`${path}: `, '').replace(/^\[[^\]]+\] /, ''))
        .join(' | ');
      throw new UnreadableMediaError(path, why || `ffprobe exited with ${code}`);
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', kill);
    if (child.exitCode === null && child.signalCode === null) kill();
  }
  return last > first ? last - first : 0;
}
