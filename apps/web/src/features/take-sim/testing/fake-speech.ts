/**
 * Microphone samples for the end-of-speech tests, made in code: the room (steady noise) and "speech" (noise
 * shaped into syllables of about 250 ms, as loud as a learner close to the microphone), deterministic.
 */
export const TEST_RATE = 48000;

function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const amplitude = (db: number) => 10 ** (db / 20) * Math.sqrt(3);

/** The room: white noise at `db` dBFS RMS. */
export function room(seconds: number, db = -60, seed = 1, rate = TEST_RATE): Float32Array {
  const next = random(seed);
  const a = amplitude(db);
  return Float32Array.from({ length: Math.round(seconds * rate) }, () => (next() * 2 - 1) * a);
}

/** Speech-like sound at about `db` dBFS over the room: syllables (a 4 Hz envelope) in noise, with the room under it. */
export function speech(seconds: number, db = -26, seed = 2, rate = TEST_RATE, roomDb = -60): Float32Array {
  const next = random(seed);
  const a = amplitude(db) * Math.SQRT2;
  const under = room(seconds, roomDb, seed + 100, rate);
  return Float32Array.from(
    { length: Math.round(seconds * rate) },
    (_, i) => (next() * 2 - 1) * a * Math.abs(Math.sin((Math.PI * 4 * i) / rate)) + (under[i] ?? 0),
  );
}

export function joined(...parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The samples in batches, as the capture worklet hands them over (4096 at a time). */
export function* batches(samples: Float32Array, size = 4096): Generator<Float32Array> {
  for (let at = 0; at < samples.length; at += size) yield samples.slice(at, at + size);
}
