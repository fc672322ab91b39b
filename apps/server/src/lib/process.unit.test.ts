import { spawn } from 'node:child_process';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { lowerPriority, run } from './process';

describe('lowerPriority', () => {
  it("runs a child below the server's priority, and leaves it alone for nice 0 or no pid", () => {
    const child = spawn('sleep', ['5']);
    try {
      const before = os.getPriority(child.pid);
      expect(before).toBe(os.getPriority());
      lowerPriority(child.pid, 0);
      expect(os.getPriority(child.pid)).toBe(before);
      lowerPriority(child.pid, 10);
      expect(os.getPriority(child.pid)).toBe(10);
      expect(() => lowerPriority(undefined, 10)).not.toThrow();
      // a pid that is gone: nothing thrown, the caller goes on
      expect(() => lowerPriority(2 ** 22 + 12345, 10)).not.toThrow();
    } finally {
      child.kill('SIGKILL');
    }
  });
});

describe('run', () => {
  const noisy = ['-e', "process.stderr.write('x'.repeat(9000) + ' the end')"];
  it("keeps the tail of a child's stderr, or as much as asked", async () => {
    const short = await run(process.execPath, noisy);
    expect(short.stderr).toHaveLength(4000);
    expect(short.stderr.endsWith(' the end')).toBe(true);
    const whole = await run(process.execPath, noisy, { stderrTail: 100_000 });
    expect(whole.stderr).toHaveLength(9008);
  });
});
