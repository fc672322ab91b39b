import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processStartedAt, sweepTmpFolder } from '../src/modules/files/service';
import { buildTestApp, testApp } from './factories';

/**
 * Issue 32, item 3: what a server killed mid-work left in DATA_DIR/tmp (a take being converted, an upload
 * the S3 store spooled, a voice-service merge) is removed when a server starts on that folder; what the
 * running server makes is not.
 */

/** Leftovers of a killed server under `dataDir/tmp`, dated before this process started. */
async function leftovers(dataDir: string): Promise<string[]> {
  const tmp = path.join(dataDir, 'tmp');
  const take = path.join(tmp, 'take-Xk3b9Q');
  const merge = path.join(tmp, 'voice-service-p2Lz0a');
  await fs.mkdir(take, { recursive: true });
  await fs.mkdir(merge, { recursive: true });
  await fs.writeFile(path.join(take, 'recording'), Buffer.alloc(4096, 1));
  await fs.writeFile(path.join(take, 'take.mp3'), Buffer.alloc(1024, 2)); // half written when the server died
  await fs.writeFile(path.join(merge, '0000.audio'), Buffer.alloc(2048, 3));
  const spool = path.join(tmp, `sim-s3-${process.pid + 1}-1700000000000-1.part`);
  await fs.writeFile(spool, Buffer.alloc(8192, 4));
  const before = new Date(processStartedAt().getTime() - 60_000);
  for (const entry of [take, merge, spool]) await fs.utimes(entry, before, before);
  return ['take-Xk3b9Q', 'voice-service-p2Lz0a', path.basename(spool)];
}

describe('DATA_DIR/tmp after a crash', () => {
  const ctx = testApp();

  it('removes the entries a killed server left, and keeps those this server made', async () => {
    const tmp = path.join(ctx.deps.config.dataDir, 'tmp');
    await leftovers(ctx.deps.config.dataDir);
    // this server's own take in flight
    const mine = await fs.mkdtemp(path.join(tmp, 'take-'));
    await fs.writeFile(path.join(mine, 'recording'), Buffer.alloc(10, 1));

    expect(await sweepTmpFolder(ctx.deps)).toBe(3);
    expect(await fs.readdir(tmp)).toEqual([path.basename(mine)]);
    expect(await sweepTmpFolder(ctx.deps)).toBe(0);
  });

  it('is nothing to do without a tmp folder', async () => {
    const empty = await fs.mkdtemp(path.join(os.tmpdir(), 'sim-tmp-sweep-'));
    try {
      expect(await sweepTmpFolder({ config: { ...ctx.deps.config, dataDir: empty } })).toBe(0);
    } finally {
      await fs.rm(empty, { recursive: true, force: true });
    }
  });

  describe('at start-up (the job plugin calls sweepTmpFolder when the app is ready)', () => {
    let dataDir = '';
    afterAll(async () => {
      if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
    });

    it('a server started on a data folder holding a killed take finds none of it', async () => {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sim-test-restart-'));
      const left = await leftovers(dataDir);
      expect((await fs.readdir(path.join(dataDir, 'tmp'))).sort()).toEqual([...left].sort());
      const started = await buildTestApp({ DATA_DIR: dataDir });
      try {
        await expect.poll(() => fs.readdir(path.join(dataDir, 'tmp')), { timeout: 10_000 }).toEqual([]);
      } finally {
        await started.close();
      }
    });
  });
});
