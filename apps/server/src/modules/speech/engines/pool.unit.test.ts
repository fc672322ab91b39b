import { describe, expect, it } from 'vitest';
import { Pool } from './pool';

describe('Pool', () => {
  it('runs at most `size` jobs at once, in order', async () => {
    const pool = new Pool(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        pool.run(async () => {
          running++;
          most = Math.max(most, running);
          order.push(i);
          await new Promise((r) => setTimeout(r, 10));
          running--;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    expect(pool.active).toBe(0);
  });

  it('frees the slot when a job fails', async () => {
    const pool = new Pool(1);
    await expect(pool.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(pool.run(async () => 42)).resolves.toBe(42);
  });

  it('refuses at once when full with tryAcquire', () => {
    const pool = new Pool(1);
    const release = pool.tryAcquire();
    expect(release).toBeDefined();
    expect(pool.tryAcquire()).toBeUndefined();
    release?.();
    release?.();
    expect(pool.active).toBe(0);
  });
});
