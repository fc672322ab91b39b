import { describe, expect, it } from 'vitest';
import { Pool, type PoolOwner } from './pool';

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

  /** Holds the pool's one slot, queues `jobs` (owner, label) and records the order they start in. */
  async function startOrder(jobs: [PoolOwner | undefined, string][]) {
    const pool = new Pool(1);
    const hold = await pool.acquire();
    const started: string[] = [];
    const done = Promise.all(
      jobs.map(([owner, label]) => pool.run(async () => void started.push(label), owner, label)),
    );
    return {
      pool,
      started,
      run: () => {
        hold();
        return done;
      },
    };
  }
  const a = { companyId: 'c1', userId: 'a' };
  const b = { companyId: 'c1', userId: 'b' };
  const c = { companyId: 'c1', userId: 'c' };
  const other = { companyId: 'c2', userId: 'z' };

  it('gives a free slot to each learner in turn: one learner’s burst does not hold back another’s line', async () => {
    const burst = Array.from({ length: 5 }, (_, i): [PoolOwner, string] => [a, `a${i}`]);
    const { pool, started, run } = await startOrder([...burst, [b, 'b0'], [c, 'c0'], [b, 'b1']]);
    expect(pool.waiting).toBe(8);
    expect(pool.ahead('b0')).toBe(1);
    expect(pool.ahead('c0')).toBe(2);
    expect(pool.ahead('b1')).toBe(4);
    expect(pool.ahead('a4')).toBe(7);
    expect(pool.ahead('nobody')).toBeUndefined();
    await run();
    expect(started).toEqual(['a0', 'b0', 'c0', 'a1', 'b1', 'a2', 'a3', 'a4']);
    expect(pool.active).toBe(0);
  });

  it('takes companies in turn before people: a full class does not starve a company of one', async () => {
    const { started, run } = await startOrder([
      [a, 'a0'],
      [b, 'b0'],
      [c, 'c0'],
      [other, 'z0'],
      [undefined, 'server'],
      [other, 'z1'],
    ]);
    await run();
    expect(started).toEqual(['a0', 'z0', 'server', 'b0', 'z1', 'c0']);
  });
});
