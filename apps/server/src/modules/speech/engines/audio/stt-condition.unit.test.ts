import { describe, expect, it } from 'vitest';
import { BLOCK_SAMPLES, conditionPcm, DEFAULT_CONDITIONING, PcmConditioner, SeededRandom } from './stt-condition';

const RATE = 16000;

function pcmOf(values: ArrayLike<number>): Buffer {
  const buf = Buffer.alloc(values.length * 2);
  for (let i = 0; i < values.length; i++) buf.writeInt16LE(Math.round(values[i]), i * 2);
  return buf;
}

function samplesOf(pcm: Buffer): number[] {
  const out: number[] = [];
  for (let i = 0; i + 1 < pcm.length; i += 2) out.push(pcm.readInt16LE(i));
  return out;
}

function sine(amplitude: number, seconds: number, hz = 440, offset = 0): number[] {
  return Array.from(
    { length: Math.round(RATE * seconds) },
    (_, i) => offset + amplitude * Math.sin((2 * Math.PI * hz * i) / RATE),
  );
}

const rms = (s: readonly number[]) => Math.sqrt(s.reduce((a, v) => a + v * v, 0) / s.length);
const mean = (s: readonly number[]) => s.reduce((a, v) => a + v, 0) / s.length;
const dbfs = (level: number) => 20 * Math.log10(level / 32768);

describe('PcmConditioner', () => {
  it('turns digital silence into faint noise: no zero sample, deterministic for a seed', () => {
    const zeros = Buffer.alloc(RATE * 2);
    const a = samplesOf(conditionPcm(zeros, { seed: 7 }));
    const b = samplesOf(conditionPcm(zeros, { seed: 7 }));
    const c = samplesOf(conditionPcm(zeros, { seed: 8 }));
    expect(a).toHaveLength(RATE);
    expect(a.filter((v) => v === 0)).toHaveLength(0);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    // the floor's level, not louder
    expect(dbfs(rms(a))).toBeGreaterThan(DEFAULT_CONDITIONING.floorDb - 1.5);
    expect(dbfs(rms(a))).toBeLessThan(DEFAULT_CONDITIONING.floorDb + 1.5);
    expect(Math.abs(mean(a))).toBeLessThan(2);
  });

  it('replaces zeros even without a noise floor', () => {
    const out = samplesOf(conditionPcm(Buffer.alloc(3200), { floorDb: -Infinity }));
    expect(out.every((v) => v === 1 || v === -1)).toBe(true);
  });

  it('removes a DC offset', () => {
    const input = sine(3000, 1, 300, 4000);
    expect(mean(input)).toBeCloseTo(4000, 0);
    const out = samplesOf(conditionPcm(pcmOf(input), { floorDb: -Infinity }));
    const settled = out.slice(RATE / 4);
    expect(Math.abs(mean(settled))).toBeLessThan(20);
    // the sine itself is kept (only scaled by the level normalisation)
    expect(rms(settled)).toBeGreaterThan(1000);
  });

  it('raises a quiet recording to the target level', () => {
    const quiet = sine(200, 1); // about -44 dBFS RMS
    const out = samplesOf(conditionPcm(pcmOf(quiet), { floorDb: -Infinity, maxGainDb: 40 }));
    const level = rms(out.slice(RATE / 10));
    // a sine's 50 ms RMS is its RMS: brought to the target
    expect(dbfs(level)).toBeCloseTo(DEFAULT_CONDITIONING.targetDb, 0);
  });

  it('bounds the gain', () => {
    const veryQuiet = sine(20, 1);
    const out = samplesOf(conditionPcm(pcmOf(veryQuiet), { floorDb: -Infinity, maxGainDb: 20 }));
    expect(rms(out.slice(RATE / 10)) / rms(veryQuiet)).toBeCloseTo(10, 0);
  });

  it('does not clip a loud recording', () => {
    const loud = sine(32000, 1, 440).map((v, i) => (i % 400 === 0 ? 32767 : v));
    const out = samplesOf(conditionPcm(pcmOf(loud)));
    const peak = Math.max(...out.map(Math.abs));
    expect(peak).toBeLessThanOrEqual(Math.ceil(DEFAULT_CONDITIONING.ceiling * 32768) + 10);
    expect(out.filter((v) => v === 32767 || v === -32768)).toHaveLength(0);
    expect(rms(out)).toBeGreaterThan(3000);
  });

  it('streaming: never raises the gain again once speech has set it', () => {
    const input = [...sine(8000, 0.5), ...sine(100, 1)];
    const c = new PcmConditioner({ floorDb: -Infinity });
    const out = samplesOf(Buffer.concat([c.push(pcmOf(input)), c.flush()]));
    const gainLoud = rms(out.slice(RATE / 10, RATE / 2)) / rms(input.slice(RATE / 10, RATE / 2));
    const gainQuiet = rms(out.slice(RATE)) / rms(input.slice(RATE));
    expect(gainQuiet).toBeCloseTo(gainLoud, 1);
  });

  it('streaming: gives the same bytes in chunks of any size as pushed at once', () => {
    const random = new SeededRandom(3);
    const input = pcmOf([
      ...new Array(4000).fill(0),
      ...sine(6000, 0.7, 220, 500).map((v) => v + 300 * random.gaussian()),
      ...new Array(3000).fill(0),
    ]);
    const once = new PcmConditioner();
    const whole = Buffer.concat([once.push(input), once.flush()]);
    expect(whole.length).toBe(input.length);
    for (const size of [1, 3, 159, 160, 161, 1000, 4097]) {
      const c = new PcmConditioner();
      const parts: Buffer[] = [];
      for (let at = 0; at < input.length; at += size) parts.push(c.push(input.subarray(at, at + size)));
      parts.push(c.flush());
      expect(Buffer.concat(parts).equals(whole), `chunks of ${size} bytes`).toBe(true);
    }
  });

  it('a whole recording gets one gain: noise before the speech is not raised above the noise during it', () => {
    const random = new SeededRandom(5);
    const noise = (n: number) => Array.from({ length: n }, () => 30 * random.gaussian());
    const lead = noise(RATE / 2);
    const speech = sine(3000, 1).map((v) => v + 30 * random.gaussian());
    const input = [...lead, ...speech];
    const settings = { floorDb: -Infinity };
    const whole = samplesOf(conditionPcm(pcmOf(input), settings));
    const gainLead = rms(whole.slice(800, RATE / 2)) / rms(lead.slice(800));
    const gainSpeech = rms(whole.slice(RATE)) / rms(input.slice(RATE));
    expect(gainLead).toBeCloseTo(gainSpeech, 1);
    // the causal form cannot know the speech is coming: it raises the lead-in by up to maxGainDb
    const c = new PcmConditioner(settings);
    const live = samplesOf(Buffer.concat([c.push(pcmOf(input)), c.flush()]));
    expect(rms(live.slice(800, RATE / 2)) / rms(lead.slice(800))).toBeGreaterThan(3 * gainLead);
  });

  it('writes complete 10 ms blocks while streaming and keeps the rest for flush', () => {
    const c = new PcmConditioner();
    expect(c.push(Buffer.alloc((BLOCK_SAMPLES - 1) * 2)).length).toBe(0);
    expect(c.push(Buffer.alloc(4)).length).toBe(BLOCK_SAMPLES * 2);
    expect(c.flush().length).toBe(2);
    expect(c.flush().length).toBe(0);
  });
});
