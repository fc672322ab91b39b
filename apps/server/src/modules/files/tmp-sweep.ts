import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../../deps';

/**
 * DATA_DIR/tmp after a crash (issue 32). A take being converted (attempts/recording.ts, `take-*`), a sims
 * upload being read (sims/uploads/files.ts), a voice-service merge (voice-service/merge.ts,
 * `voice-service-*`) and an upload the S3 store spools (lib/s3-blob-store.ts, `sim-s3-*.part`) each remove
 * their entry when they end; a server killed meanwhile cannot, and nothing removed it later. Every instance
 * has a DATA_DIR of its own (README, "Running several instances"; one server per data folder), so what its
 * tmp holds from before the process started is a dead server's: it is removed at start. Entries made since
 * (this server's own work, should the sweep run after the first request) are kept.
 */

/** When this process started (what its own temporary entries cannot be older than). */
export const processStartedAt = () => new Date(performance.timeOrigin);

/**
 * Removes the entries of `${config.dataDir}/tmp` last modified before `startedAt` (default: this process's
 * start); answers how many. A missing folder is nothing to do; an entry that cannot be removed is left.
 */
export async function sweepTmpFolder(
  deps: Pick<AppDeps, 'config'>,
  startedAt: Date = processStartedAt(),
): Promise<number> {
  const dir = path.join(deps.config.dataDir, 'tmp');
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const entry = path.join(dir, name);
    const st = await fs.lstat(entry).catch(() => null);
    if (!st || st.mtimeMs >= startedAt.getTime()) continue;
    try {
      await fs.rm(entry, { recursive: true, force: true });
      removed += 1;
    } catch {
      // left for the next start
    }
  }
  return removed;
}
