import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The temporary folders of video builds (the joined webm screens and the MP4 before it is stored), in the
 * system's temporary folder, named after the server's process: `sim-screen-<pid>-XXXXXX`. A build removes its
 * folder when it ends; a server killed during a build cannot, so each build first removes the folders of
 * processes that are gone (and untouched for ORPHAN_AGE_MS): a crash leaks nothing for long.
 */
const PREFIX = 'sim-screen-';
const NAME = /^sim-screen-(\d+)-/;
export const ORPHAN_AGE_MS = 3600_000;

/** A new build folder of this process. */
export function makeBuildFolder(root = os.tmpdir()): Promise<string> {
  return fs.mkdtemp(path.join(root, `${PREFIX}${process.pid}-`));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, of another user
  }
}

/** Removes the build folders of dead processes untouched for ORPHAN_AGE_MS; answers their names. */
export async function removeOrphanBuildFolders(root = os.tmpdir(), now = Date.now()): Promise<string[]> {
  const names = await fs.readdir(root).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(NAME.exec(name)?.[1] ?? Number.NaN);
    if (!Number.isSafeInteger(pid) || pid <= 0 || pid === process.pid || isRunning(pid)) continue;
    const folder = path.join(root, name);
    const st = await fs.stat(folder).catch(() => null);
    if (!st?.isDirectory() || now - st.mtimeMs < ORPHAN_AGE_MS) continue;
    await fs.rm(folder, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
