import { SPEECH_MESSAGES } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { AUDIO_RATE_HZ, ImplausibleAudioError, wavInfo } from './audio-header';

interface Wav {
  rate?: number;
  channels?: number;
  bits?: number;
  tag?: number;
  /** bytes of audio after the header */
  bytes?: number;
  /** the data chunk's declared size (default: the bytes there are) */
  declared?: number;
  /** chunks before the data chunk (a LIST of odd length, padded) */
  extra?: Buffer;
}

/** A WAV file as written by a recorder, or forged: its header says what the case says. */
function wav(w: Wav = {}): Buffer {
  const { rate = 16000, channels = 1, bits = 16, tag = 1, bytes = 32000, extra = Buffer.alloc(0) } = w;
  const fmt = Buffer.alloc(24);
  fmt.write('fmt ', 0, 'latin1');
  fmt.writeUInt32LE(16, 4);
  fmt.writeUInt16LE(tag, 8);
  fmt.writeUInt16LE(channels, 10);
  fmt.writeUInt32LE(rate, 12);
  fmt.writeUInt32LE(rate * channels * Math.ceil(bits / 8), 16);
  fmt.writeUInt16LE(channels * Math.ceil(bits / 8), 20);
  fmt.writeUInt16LE(bits, 22);
  const data = Buffer.alloc(8);
  data.write('data', 0, 'latin1');
  data.writeUInt32LE(w.declared ?? bytes, 4);
  const body = Buffer.concat([Buffer.from('WAVE', 'latin1'), fmt, extra, data, Buffer.alloc(bytes, 1)]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'latin1');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

const list = Buffer.concat([Buffer.from('LIST', 'latin1'), Buffer.from([5, 0, 0, 0]), Buffer.from('INFOx\0')]);

describe('wavInfo: a WAV header checked against its data', () => {
  it.each([
    ['16 kHz mono 16-bit, 1 s', {}, { sampleRate: 16000, channels: 1, seconds: 1 }],
    ['44.1 kHz stereo 16-bit', { rate: 44100, channels: 2, bytes: 44100 * 4 }, { seconds: 1 }],
    ['8 kHz 8-bit (the slowest allowed)', { rate: 8000, bits: 8, bytes: 4000 }, { seconds: 0.5 }],
    ['192 kHz 32-bit float', { rate: 192_000, bits: 32, tag: 3, bytes: 192_000 * 4 }, { seconds: 1 }],
    ['a LIST chunk of odd length before the data', { extra: list }, { seconds: 1 }],
    ['a data chunk declaring less than the file holds (a trailer)', { declared: 16000 }, { seconds: 0.5 }],
    ['a WAV streamed by ffmpeg (data size 0xFFFFFFFF: to the end)', { declared: 0xffff_ffff }, { seconds: 1 }],
    ['a WAV streamed by espeak-ng or sox (0x7FFFF000)', { declared: 0x7fff_f000 }, { seconds: 1 }],
    ['a WAV streamed by arecord (0x7FFFFFFF)', { declared: 0x7fff_ffff }, { seconds: 1 }],
    ['a WAV whose data size was left at 0', { declared: 0 }, { seconds: 1 }],
    ['µ-law: its rate checked, its length left to ffmpeg', { tag: 7, bits: 8, bytes: 8000 }, { sampleRate: 16000 }],
  ])('accepts %s', (_, w, expected) => {
    const info = wavInfo(wav(w));
    expect(info).toMatchObject(expected);
    if (!('seconds' in expected)) expect(info?.seconds).toBeUndefined();
  });

  it.each([
    ['1 Hz (16 KB that would decode as hours)', { rate: 1, bits: 8, bytes: 16_000 }, /1 Hz/],
    ['7999 Hz', { rate: 7999 }, /7999 Hz/],
    ['384 kHz', { rate: 384_000 }, /384000 Hz/],
  ])('refuses a sample rate of %s', (_, w, rate) => {
    expect(() => wavInfo(wav(w))).toThrow(ImplausibleAudioError);
    expect(() => wavInfo(wav(w))).toThrow(rate);
    expect(() => wavInfo(wav(w))).toThrow(`${AUDIO_RATE_HZ.min} to ${AUDIO_RATE_HZ.max} Hz`);
  });

  it.each([
    ['a data chunk declaring 10 times its bytes', { declared: 320_000 }, SPEECH_MESSAGES.audioLengthMismatch],
    ['a data chunk one byte longer than the file', { declared: 32_001 }, SPEECH_MESSAGES.audioLengthMismatch],
    ['a data chunk declaring just under 2 GiB', { declared: 0x7ffe_ffff }, SPEECH_MESSAGES.audioLengthMismatch],
    ['no channels', { channels: 0 }, SPEECH_MESSAGES.audioHeaderInvalid],
    ['12-bit PCM', { bits: 12 }, SPEECH_MESSAGES.audioHeaderInvalid],
  ])('refuses %s', (_, w, message) => {
    expect(() => wavInfo(wav(w))).toThrow(new ImplausibleAudioError(message));
  });

  it('leaves what is not a RIFF WAVE to ffprobe and ffmpeg', () => {
    expect(wavInfo(Buffer.from('OggS\0\0\0\0\0\0\0\0\0\0'))).toBeNull();
    expect(wavInfo(Buffer.from('RIFF\0\0\0\0AVI LIST'))).toBeNull();
    expect(wavInfo(Buffer.alloc(4))).toBeNull();
    // chunks that never reach the data: nothing to judge
    expect(wavInfo(wav().subarray(0, 36))).toBeNull();
  });

  it('refuses a fmt chunk cut short', () => {
    expect(() => wavInfo(wav().subarray(0, 28))).toThrow(new ImplausibleAudioError(SPEECH_MESSAGES.audioHeaderInvalid));
  });
});
