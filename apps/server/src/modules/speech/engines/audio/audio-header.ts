import { SPEECH_MESSAGES } from '@sim/shared';
import { run } from '../../../../lib/process';
import { UnsupportedAudioError } from '../types';

/**
 * What an uploaded recording's header says, checked against its data before anything decodes it (issue 32):
 * a 16 KB WAV whose header says 1 Hz was decoded as 600 s of speech. The length of a recording comes from
 * its data: for PCM WAV, the bytes of its data chunk ÷ (rate × channels × bytes per sample); for other
 * formats, ffprobe's reading. A sample rate outside AUDIO_RATE_HZ, a header with no channels or a sample
 * size its format does not have, or a WAV whose data chunk declares more bytes than the file holds is
 * refused (ImplausibleAudioError, a 400 with its message).
 */

/** The sample rates a recording may declare: telephone (8 kHz) to studio (192 kHz). */
export const AUDIO_RATE_HZ = { min: 8000, max: 192_000 } as const;

/**
 * Data chunk sizes that say "to the end of the file": a program writing a WAV to a pipe cannot go back to
 * write its length, so it writes a placeholder (ffmpeg 0xFFFFFFFF, espeak-ng and sox 0x7FFFF000, arecord
 * 0x7FFFFFFF; some 0). Any size of 2 GiB or more is such a placeholder, not a claim: no upload is that large.
 * The length then comes from the bytes there are.
 */
const isStreamedSize = (size: number) => size === 0 || size >= 0x7fff_0000;
const WAVE_FORMAT_PCM = 0x0001;
const WAVE_FORMAT_IEEE_FLOAT = 0x0003;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;
const PCM_BITS = new Set([8, 16, 24, 32, 64]);

/** The header does not fit the data; the message says why, for the learner. */
export class ImplausibleAudioError extends UnsupportedAudioError {
  constructor(message: string) {
    super(message);
    this.name = 'ImplausibleAudioError';
  }
}

export interface AudioInfo {
  /** the length the data holds, seconds; undefined when the format does not tell it (a webm's header) */
  seconds?: number;
  sampleRate?: number;
  channels?: number;
}

function assertRate(rate: number): void {
  if (!(rate >= AUDIO_RATE_HZ.min && rate <= AUDIO_RATE_HZ.max))
    throw new ImplausibleAudioError(SPEECH_MESSAGES.audioRateImplausible(rate, AUDIO_RATE_HZ.min, AUDIO_RATE_HZ.max));
}

/**
 * A RIFF/WAVE file's format and length, its header checked against its bytes; null for anything that is not
 * a RIFF WAVE (other formats, RF64), or a WAV whose chunks do not lead to its data (ffmpeg then decides).
 */
export function wavInfo(bytes: Buffer): AudioInfo | null {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE')
    return null;
  let format: { tag: number; channels: number; rate: number; blockAlign: number; bits: number } | null = null;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    const body = at + 8;
    if (id === 'fmt ') {
      if (size < 16 || body + 16 > bytes.length) throw new ImplausibleAudioError(SPEECH_MESSAGES.audioHeaderInvalid);
      const tag = bytes.readUInt16LE(body);
      format = {
        // WAVE_FORMAT_EXTENSIBLE: the real format is the first two bytes of the sub-format GUID
        tag:
          tag === WAVE_FORMAT_EXTENSIBLE && size >= 40 && body + 26 <= bytes.length
            ? bytes.readUInt16LE(body + 24)
            : tag,
        channels: bytes.readUInt16LE(body + 2),
        rate: bytes.readUInt32LE(body + 4),
        blockAlign: bytes.readUInt16LE(body + 12),
        bits: bytes.readUInt16LE(body + 14),
      };
      if (format.channels === 0 || format.blockAlign === 0)
        throw new ImplausibleAudioError(SPEECH_MESSAGES.audioHeaderInvalid);
      assertRate(format.rate);
    } else if (id === 'data') {
      if (!format) return null;
      const present = bytes.length - body;
      const streamed = isStreamedSize(size);
      if (!streamed && size > present) throw new ImplausibleAudioError(SPEECH_MESSAGES.audioLengthMismatch);
      const dataBytes = streamed ? present : size;
      const info = { sampleRate: format.rate, channels: format.channels };
      if (format.tag !== WAVE_FORMAT_PCM && format.tag !== WAVE_FORMAT_IEEE_FLOAT) return info; // ADPCM, µ-law...
      if (!PCM_BITS.has(format.bits)) throw new ImplausibleAudioError(SPEECH_MESSAGES.audioHeaderInvalid);
      return { ...info, seconds: dataBytes / (format.rate * format.channels * (format.bits / 8)) };
    }
    at = body + size + (size % 2); // chunks are padded to an even length
  }
  return null;
}

interface FfprobeAudio {
  streams?: { codec_type?: string; sample_rate?: string; channels?: number; duration?: string }[];
  format?: { duration?: string };
}

/**
 * What ffprobe reads of a recording that is not a WAV (or a WAV that wavInfo could not follow): its first
 * audio stream's rate and channels, checked, and its length when the container gives one. `file` is read when
 * given (some containers need to seek), else the bytes through a pipe. What ffprobe cannot read is left to
 * the decoder, which refuses it as before.
 */
async function probedInfo(bytes: Buffer, file?: string, ffprobe = 'ffprobe'): Promise<AudioInfo> {
  const args = [
    '-v',
    'error',
    '-select_streams',
    'a:0',
    '-show_entries',
    'stream=codec_type,sample_rate,channels,duration:format=duration',
    '-of',
    'json',
    file ?? 'pipe:0',
  ];
  const result = await run(ffprobe, args, {
    input: file ? undefined : bytes,
    timeoutMs: 30_000,
    maxStdout: 64 * 1024,
  }).catch(() => null);
  if (result?.code !== 0) return {};
  let json: FfprobeAudio;
  try {
    json = JSON.parse(result.stdout.toString('utf8')) as FfprobeAudio;
  } catch {
    return {};
  }
  const stream = json.streams?.[0];
  if (!stream) return {};
  const rate = Number(stream.sample_rate);
  if (stream.sample_rate !== undefined) assertRate(rate);
  if (stream.channels === 0) throw new ImplausibleAudioError(SPEECH_MESSAGES.audioHeaderInvalid);
  const duration = Number(stream.duration ?? json.format?.duration);
  return {
    sampleRate: rate,
    channels: stream.channels,
    ...(Number.isFinite(duration) && duration > 0 ? { seconds: duration } : {}),
  };
}

/**
 * An uploaded recording's format and length, its header checked against its data (see above); throws
 * ImplausibleAudioError when they do not fit. Runs nothing for a WAV; ffprobe for other formats.
 */
export async function inspectAudio(bytes: Buffer, file?: string, ffprobe = 'ffprobe'): Promise<AudioInfo> {
  return wavInfo(bytes) ?? probedInfo(bytes, file, ffprobe);
}
