import { wavFromPcm } from '../../src/modules/speech/engines/audio/stt-audio';

/**
 * A stand-in for a learner's speech in the `api` project (no voices there): 16 kHz mono PCM of syllables —
 * voiced bursts (a few harmonics of a low pitch), hissed ones (noise) and pauses — drawn from a seed, so that
 * the same seed is the same "take" and another seed another one. Its loudness and spectral tilt vary like
 * speech, which is what the live-stream check compares (speech/stream-match.ts). No vitest here.
 */
export function speechLikePcm(seconds: number, seed = 1): Buffer {
  const rate = 16_000;
  const total = Math.round(seconds * rate);
  const pcm = Buffer.alloc(total * 2);
  let state = seed >>> 0 || 1;
  const random = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  let at = Math.round(0.1 * rate); // a little silence first
  while (at < total) {
    const kind = random();
    const length = Math.round((0.08 + random() * 0.2) * rate);
    const loudness = 2000 + random() * 9000;
    const pitch = 90 + random() * 160;
    for (let i = 0; i < length && at + i < total; i++) {
      if (kind < 0.2) break; // a pause
      const shape = Math.sin((Math.PI * i) / length);
      const t = i / rate;
      const sample =
        kind < 0.75
          ? Math.sin(2 * Math.PI * pitch * t) +
            0.5 * Math.sin(4 * Math.PI * pitch * t) +
            0.25 * Math.sin(6 * Math.PI * pitch * t)
          : (random() * 2 - 1) * 0.8;
      pcm.writeInt16LE(Math.round(sample * loudness * shape), (at + i) * 2);
    }
    at += length;
  }
  return pcm;
}

/** The same as a WAV file, as a browser could upload it. */
export const speechLikeWav = (seconds: number, seed = 1) => wavFromPcm(speechLikePcm(seconds, seed));
