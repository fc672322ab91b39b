/**
 * Recordings whose header does not fit their data (issue 32): a few KB that a decoder would read as
 * minutes. A 16 KB WAV saying 1 Hz became a 600 s recording; three of them took 6-14 minutes to grade.
 */

/** A PCM WAV: `bytes` of 8-bit samples (silence) with the header's rate and data size as given. */
export function forgedWav(opts: { rate?: number; bytes?: number; declared?: number } = {}): Buffer {
  const { rate = 1, bytes = 16_000 } = opts;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + bytes, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate, 28); // bytes a second
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(opts.declared ?? bytes, 40);
  return Buffer.concat([header, Buffer.alloc(bytes, 128)]);
}

/** A 16 KB Sun/NeXT .au (not a WAV: ffprobe reads its rate) saying 1 Hz: 16000 s to a decoder. */
export function oneHertzAu(bytes = 16_000): Buffer {
  const header = Buffer.alloc(24);
  header.write('.snd', 0, 'latin1');
  header.writeUInt32BE(24, 4);
  header.writeUInt32BE(bytes, 8);
  header.writeUInt32BE(2, 12); // 8-bit linear PCM
  header.writeUInt32BE(1, 16); // 1 Hz
  header.writeUInt32BE(1, 20);
  return Buffer.concat([header, Buffer.alloc(bytes, 3)]);
}
