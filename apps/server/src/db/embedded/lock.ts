import fs from 'node:fs';
import path from 'node:path';
import { isAlive } from './postmaster';

/** A zombie (killed, not yet reaped) still answers kill(pid, 0) but holds nothing any more. */
function isZombie(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return /^\S+ \(.*\) [ZX] /s.test(stat);
  } catch {
    return false;
  }
}

const holding = (pid: number) => isAlive(pid) && !isZombie(pid);

/** Folders this process holds (its own pid in a lock file may also be a reused pid after a restart). */
const heldHere = new Set<string>();

/**
 * One server per data folder: its blobs, secret and embedded cluster are its own. Take an exclusive lock
 * file holding our pid; take over a stale one (a killed server). A holder still alive is given `waitMs`
 * to go (a restart right after a kill -9 finds the killed process still exiting), then refused.
 */
export async function acquireDataDirLock(dir: string, opts: { waitMs?: number } = {}): Promise<() => void> {
  const waitMs = opts.waitMs ?? 10_000;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'server.lock');
  if (heldHere.has(file))
    throw new Error(`The data folder ${dir} is already in use by another server (pid ${process.pid}) in this process.`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      heldHere.add(file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(file);
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
      const until = Date.now() + waitMs;
      const live = () => Number.isInteger(pid) && pid > 0 && pid !== process.pid && holding(pid);
      while (live() && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
      if (live()) {
        throw new Error(
          `The data folder ${dir} is already in use by another server (pid ${pid}). ` +
            'Stop that server first, or start this one with a different DATA_DIR.',
        );
      }
      fs.rmSync(file, { force: true }); // stale lock of a process that is gone
    }
  }
  throw new Error(`Could not lock the data folder ${dir}.`);
}
