import { describe, expect, it, vi } from 'vitest';
import { StreamUrlSource } from './stream-url';

describe('the signed speech-websocket URL', () => {
  it('is kept for 4 minutes, then fetched again', async () => {
    let now = 0;
    let n = 0;
    const fetchUrl = vi.fn(async () => `ws://x/${++n}`);
    const source = new StreamUrlSource(fetchUrl, () => now);
    const [a, b] = await Promise.all([source.get(), source.get()]);
    expect([a, b]).toEqual(['ws://x/1', 'ws://x/1']);
    expect(fetchUrl).toHaveBeenCalledTimes(1);
    now = 239_000;
    expect(await source.get()).toBe('ws://x/1');
    now = 240_000;
    expect(await source.get()).toBe('ws://x/2');
  });

  it('is fetched again after a recording longer than 10 seconds', async () => {
    let n = 0;
    const source = new StreamUrlSource(
      async () => `ws://x/${++n}`,
      () => 0,
    );
    await source.get();
    source.afterRecording(9_000);
    expect(await source.get()).toBe('ws://x/1');
    source.afterRecording(12_000);
    expect(await source.get()).toBe('ws://x/2');
  });

  it('asks again after a failed fetch', async () => {
    const fetchUrl = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValueOnce('ws://x/ok');
    const source = new StreamUrlSource(fetchUrl, () => 0);
    await expect(source.get()).rejects.toThrow('down');
    expect(await source.get()).toBe('ws://x/ok');
  });
});
