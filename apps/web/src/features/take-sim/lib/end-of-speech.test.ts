import { describe, expect, it } from 'vitest';
import { batches, joined, room, speech, TEST_RATE } from '../testing/fake-speech';
import {
  END_OF_SPEECH,
  type EndpointEvent,
  Endpointer,
  energyDb,
  hangoverFor,
  LONG_HANGOVER_MS,
  takeCapMs,
  wordCount,
} from './end-of-speech';

/** Runs the samples through an endpointer in worklet batches; answers its events. */
function run(samples: Float32Array, endpointer = new Endpointer(TEST_RATE), size = 4096): EndpointEvent[] {
  const events: EndpointEvent[] = [];
  for (const batch of batches(samples, size)) events.push(...endpointer.push(batch));
  return events;
}

const ends = (events: EndpointEvent[]) => events.filter((e) => e.type !== 'speech-start');
const seconds = (ms: number) => ms / 1000;

describe('the end of speech of a take', () => {
  it('hears the speech start and ends it one hangover after the learner stops', () => {
    const events = run(joined(room(0.8), speech(2), room(3)));
    expect(events.map((e) => e.type)).toEqual(['speech-start', 'end-of-speech']);
    const [start, end] = events;
    expect(seconds(start?.atMs ?? 0)).toBeCloseTo(0.8, 1);
    if (end?.type !== 'end-of-speech') throw new Error('no end of speech');
    expect(seconds(end.speechEndMs)).toBeGreaterThan(2.6);
    // the 60 ms smoothing may hold the last speech frame up to 40 ms longer
    expect(seconds(end.speechEndMs)).toBeLessThanOrEqual(2.86);
    expect(end.atMs - end.speechEndMs).toBeGreaterThanOrEqual(END_OF_SPEECH.hangoverMs);
    expect(end.atMs - end.speechEndMs).toBeLessThan(END_OF_SPEECH.hangoverMs + 60);
    // within 2 s of the learner's silence
    expect(seconds(end.atMs) - 2.8).toBeLessThan(2);
  });

  it('does not cut a slow speaker who pauses 0.6 to 0.9 s mid-sentence', () => {
    for (const pause of [0.6, 0.75, 0.9]) {
      const events = run(
        joined(room(0.5), speech(1.2), room(pause), speech(1), room(pause, -60, 7), speech(0.8), room(3)),
      );
      const [end] = ends(events);
      expect(end?.type, `pause ${pause} s`).toBe('end-of-speech');
      expect(seconds(end?.atMs ?? 0)).toBeGreaterThan(0.5 + 3 + 2 * pause);
    }
  });

  it('ends at a pause longer than the hangover, unless the hangover was made longer meanwhile', () => {
    const take = joined(room(0.5), speech(1), room(1.5), speech(1), room(3));
    const [early] = ends(run(take));
    expect(seconds(early?.atMs ?? 0)).toBeCloseTo(1.5 + END_OF_SPEECH.hangoverMs / 1000, 1);

    const patient = new Endpointer(TEST_RATE);
    patient.setHangover(LONG_HANGOVER_MS);
    const [late] = ends(run(take, patient));
    expect(late?.type).toBe('end-of-speech');
    expect(seconds(late?.atMs ?? 0)).toBeGreaterThan(4);
  });

  it('adapts to the room: speech 10 dB over steady noise is heard and ended', () => {
    const noisy = joined(room(1, -36), speech(2, -26, 3, TEST_RATE, -36), room(3, -36, 9));
    const events = run(noisy);
    expect(events.map((e) => e.type)).toEqual(['speech-start', 'end-of-speech']);
    expect(seconds(events[1]?.atMs ?? 0)).toBeGreaterThan(3);
    expect(seconds(events[1]?.atMs ?? 0)).toBeLessThan(5);
  });

  it('takes neither a click nor a short knock for speech, and tells "no speech" after 10 s', () => {
    const click = new Float32Array(480).fill(0.5);
    const knock = speech(0.12, -20);
    const cough = speech(0.2, -20);
    const quiet = joined(room(2), click, room(2), knock, room(2), cough, room(5));
    const events = run(quiet);
    expect(events.filter((e) => e.type === 'end-of-speech')).toEqual([]);
    expect(ends(events)).toEqual([{ type: 'no-speech', atMs: expect.any(Number) }]);
    expect(seconds(ends(events)[0]?.atMs ?? 0)).toBeCloseTo(END_OF_SPEECH.noSpeechMs / 1000, 1);
  });

  it('leaves digital silence out of the room (a microphone that starts with zeros)', () => {
    const events = run(joined(new Float32Array(TEST_RATE), room(11, -50)));
    expect(ends(events).map((e) => e.type)).toEqual(['no-speech']);
    expect(events.some((e) => e.type === 'speech-start')).toBe(false);
  });

  it('listens again when the caller does not believe an end of speech', () => {
    const endpointer = new Endpointer(TEST_RATE);
    const first = run(joined(room(0.5), speech(0.6, -20), room(1.5)), endpointer);
    expect(ends(first).map((e) => e.type)).toEqual(['end-of-speech']);
    endpointer.resume();
    const second = run(joined(speech(1.5), room(2)), endpointer);
    expect(second.map((e) => e.type)).toEqual(['speech-start', 'end-of-speech']);
    // nothing more after a resumed burst: "no speech" at 10 s from the start
    const again = new Endpointer(TEST_RATE);
    run(joined(room(0.5), speech(0.6, -20), room(1.5)), again);
    again.resume();
    expect(run(room(9), again).map((e) => e.type)).toEqual(['no-speech']);
  });

  it('says the same whatever the batch size, and nothing more once ended', () => {
    const take = joined(room(0.6), speech(1.5), room(2.5));
    const big = run(take, new Endpointer(TEST_RATE), 4096);
    const small = run(take, new Endpointer(TEST_RATE), 128);
    expect(small).toEqual(big);
    const endpointer = new Endpointer(TEST_RATE);
    run(take, endpointer);
    expect(endpointer.state).toBe('ended');
    expect(run(joined(speech(2), room(2)), endpointer)).toEqual([]);
  });

  it('works at the other context rates', () => {
    for (const rate of [16000, 44100]) {
      const events = run(
        joined(room(0.5, -60, 1, rate), speech(1.5, -26, 2, rate), room(2.5, -60, 3, rate)),
        new Endpointer(rate),
      );
      expect(events.map((e) => e.type)).toEqual(['speech-start', 'end-of-speech']);
    }
  });

  it('measures energy in dBFS', () => {
    expect(energyDb(new Float32Array(100).fill(1))).toBeCloseTo(0);
    expect(energyDb(new Float32Array(100).fill(0.1))).toBeCloseTo(-20);
    expect(energyDb(new Float32Array(100))).toBe(-120);
  });
});

describe('the hangover and the longest take of a line', () => {
  it.each([
    { heard: null, line: 10, ms: END_OF_SPEECH.hangoverMs, why: 'no live transcript' },
    { heard: 0, line: 10, ms: LONG_HANGOVER_MS, why: 'nothing recognised yet' },
    { heard: 6, line: 10, ms: LONG_HANGOVER_MS, why: 'clearly less than the line' },
    { heard: 7, line: 10, ms: END_OF_SPEECH.hangoverMs, why: 'most of the line' },
    { heard: 12, line: 10, ms: END_OF_SPEECH.hangoverMs, why: 'more than the line' },
    { heard: 0, line: 0, ms: END_OF_SPEECH.hangoverMs, why: 'a line without words' },
  ])('$why: $ms ms', ({ heard, line, ms }) => {
    expect(hangoverFor(heard, line)).toBe(ms);
  });

  it('keeps every hangover under 2 s', () => {
    expect(END_OF_SPEECH.hangoverMs).toBeLessThan(2000);
    expect(LONG_HANGOVER_MS).toBeLessThan(2000);
  });

  it.each([
    { words: 0, ms: 15_000 },
    { words: 8, ms: 15_000 },
    { words: 12, ms: 17_600 },
    { words: 40, ms: 40_000 },
    { words: 80, ms: 60_000 },
  ])('a line of $words words: $ms ms', ({ words, ms }) => {
    expect(takeCapMs(words)).toBe(ms);
  });

  it('counts the words of a line', () => {
    expect(wordCount('Thank you for calling, how can I help?')).toBe(8);
    expect(wordCount('  Your copay is $40 — thanks ')).toBe(5);
    expect(wordCount('')).toBe(0);
  });
});
