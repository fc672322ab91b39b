import { describe, expect, it } from 'vitest';
import { MAX_STREAM_RESULTS, STREAM_RESULT_TTL_MS, type StreamFinal, StreamResults } from './stream-results';

const final = (text: string): StreamFinal => ({
  transcript: { text, words: [] },
  audioSeconds: 5,
  hints: {},
  envelope: { energy: new Float32Array(0), tilt: new Float32Array(0) },
});

describe('the finals of recent speech streams', () => {
  it("answers the owner's final once; another owner or an unknown id gets nothing", async () => {
    const results = new StreamResults();
    results.add('s1', 'user-a', Promise.resolve(final('hello')));
    expect(await results.take('s1', 'user-b', 10)).toBeNull();
    // another user's try does not use it up
    expect((await results.take('s1', 'user-a', 10))?.transcript.text).toBe('hello');
    expect(await results.take('s1', 'user-a', 10)).toBeNull();
    expect(await results.take('nope', 'user-a', 10)).toBeNull();
  });

  it('waits for a final still being made, at most the time given; a failed stream answers null', async () => {
    const results = new StreamResults();
    let settle: (f: StreamFinal) => void = () => {};
    results.add('slow', 'u', new Promise((resolve) => (settle = resolve)));
    const waiting = results.take('slow', 'u', 1000);
    settle(final('late'));
    expect((await waiting)?.transcript.text).toBe('late');

    results.add('never', 'u', new Promise(() => {}));
    const started = Date.now();
    expect(await results.take('never', 'u', 50)).toBeNull();
    expect(Date.now() - started).toBeLessThan(1000);

    results.add('failed', 'u', Promise.reject(new Error('decoder died')));
    expect(await results.take('failed', 'u', 50)).toBeNull();
  });

  it('forgets finals after their time and keeps at most MAX_STREAM_RESULTS', async () => {
    let now = 0;
    const results = new StreamResults(() => now);
    results.add('old', 'u', Promise.resolve(final('old')));
    now += STREAM_RESULT_TTL_MS + 1;
    expect(await results.take('old', 'u', 10)).toBeNull();

    for (let i = 0; i <= MAX_STREAM_RESULTS; i++) results.add(`s${i}`, 'u', Promise.resolve(final(String(i))));
    expect(results.size).toBe(MAX_STREAM_RESULTS);
    expect(await results.take('s0', 'u', 10)).toBeNull(); // the oldest went first
    expect((await results.take(`s${MAX_STREAM_RESULTS}`, 'u', 10))?.transcript.text).toBe(String(MAX_STREAM_RESULTS));
  });
});
