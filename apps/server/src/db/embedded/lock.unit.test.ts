import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './lock';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('data folder lock', () => {
  it('refuses a second process while the first is alive, with a clear message', async () => {
    const dir = tmp();
    const holder = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(path.join(dir, 'server.lock'), String(holder.pid));
      await expect(acquireDataDirLock(dir, { waitMs: 300 })).rejects.toThrow(
        /already in use by another server \(pid \d+\).*DATA_DIR/,
      );
    } finally {
      holder.kill();
    }
  });

  it('waits for a holder that is on its way out (a restart right after a kill), then takes the lock', async () => {
    const dir = tmp();
    const holder = spawn('sleep', ['0.5']);
    fs.writeFileSync(path.join(dir, 'server.lock'), String(holder.pid));
    const started = Date.now();
    const release = await acquireDataDirLock(dir, { waitMs: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('takes over a stale lock and removes its own on release', async () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, 'server.lock'), '999999999');
    const release = await acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(fs.existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });
});
