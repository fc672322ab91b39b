import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeBuildFolder, ORPHAN_AGE_MS, removeOrphanBuildFolders } from './build-temp';

/** The build folders a server killed during a build leaves behind are removed by a later build. */
describe('build folders', () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'sim-build-temp-test-'));
  });
  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  /** A folder as a build of `pid` leaves it, last touched `ageMs` ago. */
  async function folder(name: string, ageMs: number) {
    const dir = path.join(root, name);
    await fs.mkdir(dir);
    await fs.writeFile(path.join(dir, 'video.mp4'), 'x');
    const at = new Date(Date.now() - ageMs);
    await fs.utimes(dir, at, at);
    return name;
  }

  it('removes the old folders of dead processes only', async () => {
    const gone = spawnSync(process.execPath, ['-e', '']).pid; // a process that has ended
    const own = await makeBuildFolder(root);
    expect(path.basename(own)).toMatch(new RegExp(`^sim-screen-${process.pid}-`));
    const old = ORPHAN_AGE_MS + 60_000;
    const dead = await folder(`sim-screen-${gone}-aaaaaa`, old);
    await folder(`sim-screen-${gone}-recent`, 60_000); // maybe still being looked at: kept for now
    await folder(`sim-screen-${process.ppid}-bbbbbb`, old); // a running process
    await folder('sim-screen-test-cccccc', old); // not a build folder
    await fs.utimes(own, new Date(0), new Date(0)); // this process's own, however old
    expect(await removeOrphanBuildFolders(root)).toEqual([dead]);
    expect((await fs.readdir(root)).sort()).toEqual(
      [
        path.basename(own),
        `sim-screen-${gone}-recent`,
        `sim-screen-${process.ppid}-bbbbbb`,
        'sim-screen-test-cccccc',
      ].sort(),
    );
  });

  it('answers nothing when the folder cannot be read', async () => {
    expect(await removeOrphanBuildFolders(path.join(root, 'missing'))).toEqual([]);
  });
});
