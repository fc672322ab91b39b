// What a media file holds, read with ffprobe (run without a shell): its length and its streams.
import { run } from '../../lib/process';

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
