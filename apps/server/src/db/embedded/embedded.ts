import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { acquireDataDirLock } from './lock';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

function childEntry(): { file: string; execArgv: string[] } {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const built = path.join(here, 'pglite-process.js'); // dist/ layout (bundled next to main.js)
  if (fs.existsSync(built)) return { file: built, execArgv: [] };
  return { file: path.join(here, 'pglite-process.ts'), execArgv: ['--import', 'tsx'] };
}

/**
 * Starts PGlite in a child process on `dataDir/pgdata` (or in memory when dataDir is null), guarded by a
 * lock file, and answers a postgres:// URL for node-postgres.
 */
export async function startEmbeddedDatabase(opts: {
  dataDir: string | null;
  maxConnections: number;
}): Promise<EmbeddedDatabase> {
  const release = opts.dataDir ? acquireDataDirLock(opts.dataDir) : () => {};
  const pgdata = opts.dataDir ? path.join(opts.dataDir, 'pgdata') : 'memory://';
  if (opts.dataDir) fs.mkdirSync(pgdata, { recursive: true });
  const { file, execArgv } = childEntry();
  let child: ChildProcess;
  try {
    child = fork(file, [], {
      execArgv,
      env: { ...process.env, PGLITE_DATA_DIR: pgdata, PGLITE_MAX_CONNECTIONS: String(opts.maxConnections) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
  } catch (err) {
    release();
    throw err;
  }
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The embedded database did not start within 120 s.')), 120_000);
    child.on('message', (msg: { type: string; port?: number; message?: string }) => {
      if (msg.type === 'ready' && msg.port) {
        clearTimeout(timer);
        resolve(msg.port);
      } else if (msg.type === 'error') {
        clearTimeout(timer);
        reject(new Error(`The embedded database failed to start: ${msg.message}`));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The embedded database exited during start (code ${code}).`));
    });
  }).catch((err) => {
    child.kill('SIGKILL');
    release();
    throw err;
  });
  let stopped = false;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (child.exitCode === null) {
        const exited = new Promise<void>((r) => child.once('exit', () => r()));
        child.send('shutdown');
        const timeout = new Promise<void>((r) => setTimeout(r, 10_000).unref());
        await Promise.race([exited, timeout]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      release();
    },
  };
}
