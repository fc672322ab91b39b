import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import type { PostgresBinaries } from './binaries';
import type { RunAs } from './run-as';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function waitForExit(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await sleep(50);
  }
  return !isAlive(pid);
}

/** Stops a process the way PostgreSQL documents: fast (SIGINT), then immediate (SIGQUIT), then SIGKILL. */
export async function stopPostmaster(pid: number, fastMs = 60_000): Promise<void> {
  for (const [signal, ms] of [
    ['SIGINT', fastMs],
    ['SIGQUIT', 10_000],
    ['SIGKILL', 10_000],
  ] as const) {
    try {
      process.kill(pid, signal);
    } catch {
      return; // gone
    }
    if (await waitForExit(pid, ms)) return;
  }
  throw new Error(`PostgreSQL (pid ${pid}) did not stop.`);
}

/**
 * After a kill -9 of the server, its PostgreSQL keeps running (it is in its own process group so a Ctrl-C
 * in the terminal does not stop it before the server has finished its requests). The data-folder lock is
 * ours, so a live postmaster of this cluster is that orphan: stop it (a clean shutdown; if it will not,
 * an immediate one, and PostgreSQL's crash recovery replays the WAL at the next start). Bounded wait.
 */
export async function stopOrphanPostmaster(pgdata: string, log: (msg: string) => void): Promise<void> {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0], 10);
  } catch {
    return;
  }
  if (!Number.isInteger(pid) || pid <= 0 || !isAlive(pid)) return;
  let cmdline: string | null = null;
  try {
    cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    /* not Linux: trust the pid file */
  }
  // ours was started with `-D <this pgdata>`; any other process (another cluster's postmaster after a
  // reboot reused the pid) is left alone, and the stale pid file removed so PostgreSQL does not refuse
  if (cmdline !== null && !cmdline.includes(`-D ${pgdata}`)) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  log(`stopping the PostgreSQL left running by a server that did not shut down (pid ${pid})`);
  await stopPostmaster(pid);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function runInitdb(bins: PostgresBinaries, pgdata: string, password: string, runAs: RunAs | null): void {
  const tmp = fs.mkdtempSync(path.join(path.dirname(pgdata), '.initdb-'));
  const pwfile = path.join(tmp, 'pw');
  try {
    fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
    if (runAs) {
      fs.chownSync(tmp, runAs.uid, runAs.gid);
      fs.chownSync(pwfile, runAs.uid, runAs.gid);
    }
    const r = spawnSync(
      bins.initdb,
      [
        `--pgdata=${pgdata}`,
        '--username=postgres',
        '--auth=scram-sha-256',
        `--pwfile=${pwfile}`,
        '--encoding=UTF8',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
        '--no-instructions',
      ],
      { uid: runAs?.uid, gid: runAs?.gid, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } },
    );
    if (r.status !== 0)
      throw new Error(`initdb failed: ${(r.stderr || r.error?.message || `exit ${r.status}`).trim().slice(-2000)}`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

export interface PostmasterOptions {
  pgdata: string;
  port: number;
  logFile: string;
  runAs: RunAs | null;
  settings: Record<string, string>;
}

/** Starts `postgres` in its own process group, its output appended to logFile. */
export function spawnPostmaster(bins: PostgresBinaries, o: PostmasterOptions): ChildProcess {
  const fd = fs.openSync(o.logFile, 'a');
  try {
    const args = ['-D', o.pgdata, '-p', String(o.port)];
    for (const [k, v] of Object.entries(o.settings)) args.push('-c', `${k}=${v}`);
    return spawn(bins.postgres, args, {
      uid: o.runAs?.uid,
      gid: o.runAs?.gid,
      detached: true,
      stdio: ['ignore', fd, fd],
      env: { ...process.env, LC_ALL: 'C' },
    });
  } finally {
    fs.closeSync(fd);
  }
}

/** The last lines PostgreSQL wrote to its log after `from` (for a start that failed). */
export function logTail(logFile: string, from: number, lines = 15): string {
  try {
    const text = fs.readFileSync(logFile, 'utf8').slice(from);
    return text.trim().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/** Waits until the server answers a query, the process exits (rejects), or the time is up. */
export async function waitUntilReady(child: ChildProcess, url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  let lastError = '';
  while (Date.now() < until) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`PostgreSQL exited during start (${child.exitCode ?? child.signalCode}).`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (err) {
      lastError = (err as Error).message;
    } finally {
      await client.end().catch(() => {});
    }
    await sleep(100);
  }
  throw new Error(`PostgreSQL did not accept connections within ${timeoutMs / 1000} s (${lastError}).`);
}
