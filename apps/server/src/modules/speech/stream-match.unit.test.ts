import { describe, expect, it } from 'vitest';
import { EnvelopeBuilder, envelopeOf, STREAM_MATCH, sameTake } from './stream-match';

/** Speech-like 16 kHz PCM: voiced bursts, hissed ones and pauses drawn from a seed (see test/factories/take-audio.ts). */
function syllables(seconds: number, seed: number): Buffer {
  const rate = 16_000;
  const total = Math.round(seconds * rate);
  const pcm = Buffer.alloc(total * 2);
  let state = seed;
  const random = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  let at = Math.round(0.1 * rate);
  while (at < total) {
    const kind = random();
    const length = Math.round((0.08 + random() * 0.2) * rate);
    const loudness = 2000 + random() * 9000;
    const pitch = 90 + random() * 160;
    for (let i = 0; kind >= 0.2 && i < length && at + i < total; i++) {
      // a sharp onset and a slow decay, as syllables have
      const shape = Math.min(1, (i / length) * 8) * (1 - i / length);
      const t = i / rate;
      const voiced = Math.sin(2 * Math.PI * pitch * t) + 0.5 * Math.sin(4 * Math.PI * pitch * t);
      const sample = kind < 0.75 ? voiced : (random() * 2 - 1) * 0.8;
      pcm.writeInt16LE(Math.round(sample * loudness * shape), (at + i) * 2);
    }
    at += length;
  }
  return pcm;
}

const map = (pcm: Buffer, f: (x: number, i: number) => number) => {
  const out = Buffer.alloc(pcm.length);
  for (let i = 0; i < pcm.length / 2; i++)
    out.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(f(pcm.readInt16LE(i * 2), i)))), i * 2);
  return out;
};
const reversed = (pcm: Buffer) => map(pcm, (_x, i) => pcm.readInt16LE(pcm.length - 2 - i * 2));
const silence = (pcm: Buffer) => Buffer.alloc(pcm.length);
let noiseState = 7;
const noise = () => {
  noiseState = (Math.imul(noiseState, 1_103_515_245) + 12_345) >>> 0;
  return noiseState / 2 ** 31 - 1;
};
/** white noise following the take's loudness, 20 ms by 20 ms (the envelope alone, no speech in it) */
const shapedNoise = (pcm: Buffer) => {
  const rms: number[] = [];
  for (let f = 0; f < pcm.length / 2; f += 320) {
    let sum = 0;
    for (let i = f; i < f + 320 && i < pcm.length / 2; i++) sum += pcm.readInt16LE(i * 2) ** 2;
    rms.push(Math.sqrt(sum / 320));
  }
  return map(pcm, (_x, i) => noise() * 1.7 * (rms[Math.floor(i / 320)] ?? 0));
};
const delayed = (pcm: Buffer, seconds: number) => Buffer.concat([Buffer.alloc(Math.round(seconds * 16_000) * 2), pcm]);

describe('whether a live stream heard the uploaded recording', () => {
  const take = syllables(4, 1);
  const live = envelopeOf(take);

  it.each([
    ['the same audio', () => take],
    ['the same audio, quieter (another gain)', () => map(take, (x) => x * 0.3)],
    ['the same audio with a little microphone noise', () => map(take, (x) => x + noise() * 40)],
    ['the upload starting 0.3 s earlier (the recorder starts first)', () => delayed(take, 0.3)],
  ])('matches %s', (_what, upload) => {
    const match = sameTake(live, envelopeOf(upload()));
    expect(match).toMatchObject({ same: true, reason: null });
    expect(match.energyCorrelation).toBeGreaterThan(0.95);
  });

  it.each([
    ['silence of the same length', () => silence(take), 'no speech'],
    ['microphone noise only', () => map(silence(take), () => noise() * 40), 'no speech'],
    ['another take', () => syllables(4, 2), 'loudness'],
    ['the take reversed', () => reversed(take), undefined],
    ['noise shaped like the take', () => shapedNoise(take), 'tilt'],
    ['a much longer recording', () => syllables(6, 1), 'length'],
    ['the take cut to half', () => take.subarray(0, take.length / 2), 'length'],
    ['the upload starting 1 s later', () => delayed(take, 1).subarray(0, take.length), undefined],
  ])('does not match %s', (_what, upload, reason) => {
    const match = sameTake(live, envelopeOf(upload()));
    expect(match.same).toBe(false);
    if (reason) expect(match.reason).toBe(reason);
  });

  it('needs half a second of speech in common: two silences are not "the same take"', () => {
    expect(sameTake(envelopeOf(silence(take)), envelopeOf(silence(take))).reason).toBe('no speech');
    const blip = syllables(0.3, 3);
    expect(sameTake(envelopeOf(blip), envelopeOf(blip)).same).toBe(false);
  });

  it('builds the same envelope from chunks of any size, and keeps at most the frames it is given', () => {
    const builder = new EnvelopeBuilder();
    for (let i = 0; i < take.length; i += 777) builder.push(take.subarray(i, i + 777));
    expect(builder.envelope()).toEqual(live);
    expect(builder.seconds).toBeCloseTo(4, 1);
    const bounded = new EnvelopeBuilder(50);
    bounded.push(take);
    expect(bounded.envelope().energy).toHaveLength(50);
    expect(live.energy).toHaveLength((4 * STREAM_MATCH.sampleRate) / STREAM_MATCH.frameSamples);
  });
});
