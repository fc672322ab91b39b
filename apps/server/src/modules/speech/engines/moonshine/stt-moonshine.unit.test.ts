import { describe, expect, it } from 'vitest';
import { hasSpeechEnergy, MAX_PIECE_SECONDS, splitAtQuiet, spokenText, trimSilence } from './stt-moonshine';

const RATE = 16000;
const tone = (seconds: number, amplitude: number) =>
  Float32Array.from(
    { length: Math.round(seconds * RATE) },
    (_, i) => amplitude * Math.sin((2 * Math.PI * 300 * i) / RATE),
  );
const join = (...parts: Float32Array[]) => {
  const out = new Float32Array(parts.reduce((a, p) => a + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe('trimSilence', () => {
  it('cuts the silence around the sound, keeping 0.25 s before and 0.35 s after it', () => {
    const audio = join(new Float32Array(2 * RATE), tone(1, 0.3), new Float32Array(2 * RATE));
    const out = trimSilence(audio);
    expect(out.length / RATE).toBeCloseTo(0.25 + 1 + 0.35, 1);
  });

  it('keeps steady noise as loud as the speech, and gives nothing for pure silence', () => {
    const noisy = Float32Array.from(
      { length: 3 * RATE },
      (_, i) => 0.1 * Math.sin(i * 1.7) + 0.05 * Math.sin(i * 0.31),
    );
    expect(trimSilence(noisy).length).toBe(noisy.length);
    expect(trimSilence(new Float32Array(RATE)).length).toBe(0);
  });
});

describe('splitAtQuiet', () => {
  it(`leaves audio up to ${MAX_PIECE_SECONDS} s whole and cuts longer audio at its quiet points`, () => {
    expect(splitAtQuiet(tone(10, 0.3))).toHaveLength(1);
    // 25 s of sound, 0.5 s of silence, 25 s of sound: cut inside the silence
    const audio = join(tone(25, 0.3), new Float32Array(RATE / 2), tone(25, 0.3));
    const pieces = splitAtQuiet(audio);
    expect(pieces).toHaveLength(2);
    expect(pieces[0].length / RATE).toBeGreaterThan(25);
    expect(pieces[0].length / RATE).toBeLessThan(25.5);
    expect(pieces.reduce((a, p) => a + p.length, 0)).toBe(audio.length);
    for (const p of pieces) expect(p.length / RATE).toBeLessThanOrEqual(MAX_PIECE_SECONDS);
  });
});

describe('hasSpeechEnergy', () => {
  it('tells a faint floor from sound', () => {
    expect(hasSpeechEnergy(tone(1, 0.0005))).toBe(false);
    expect(hasSpeechEnergy(tone(1, 0.05))).toBe(true);
  });
});

describe('spokenText', () => {
  it("writes the model's digits and punctuation as the words the grader matches", () => {
    expect(spokenText('I have applied a one-time credit of $25 to your account.')).toBe(
      'i have applied a one time credit of twenty five dollars to your account',
    );
    expect(spokenText('Dr. Morgan has an opening on Wednesday at 2:15.')).toBe(
      'doctor morgan has an opening on wednesday at two fifteen',
    );
  });
});
