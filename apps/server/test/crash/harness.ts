import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { getTableName, type Table } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { type ServerProcess, startServer } from '../../../../bench/db/server-process';
import { loadConfig } from '../../src/config';
import { connectDatabase, type Database } from '../../src/db/client';
import type { AppDeps } from '../../src/deps';
import { createDeps } from '../../src/runtime';
import { type FormFile, multipart, type Seed, scratchDatabase, TEST_JWT_SECRET } from '../factories';

/**
 * The crash rig of the kill -9 tests (issue 18, crash safety): the real server as `npm start` runs it (a
 * private build of the sources, apps/server/dist-crash-<pid>, made once and removed at the end: node starts
 * it in about a third of the time tsx takes; NODE_ENV=production, so its job worker runs), started by
 * bench/db/server-process.ts on a database and a data folder of its own, killed with SIGKILL and started
 * again on the same data.
 *
 * How a kill lands inside a handler, every time: the test holds a table lock (`gate`) that the handler's
 * transaction needs for its next write, waits until PostgreSQL shows the server's connection waiting on that
 * lock (pg_stat_activity: the request is then inside its transaction, its earlier writes made but not
 * committed, nothing answered), and kills the server there. The blocked backend notices its client is gone
 * once the lock is released, and rolls the transaction back, as after any crash.
 */

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Builds the server into a private folder beside dist/ (apps/server/build.mjs); answers its name. */
async function buildServer(): Promise<string> {
  const out = `dist-crash-${process.pid}`;
  await promisify(execFile)(process.execPath, ['build.mjs'], {
    cwd: SERVER_DIR,
    env: { ...process.env, SERVER_OUT_DIR: out },
  });
  return out;
}

/** The ports this file may use (the test plan gives the crash tests 3500-3599). */
const PORTS = { from: 3500, to: 3599 };

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A free port in the range, starting at a random place (other files may use the range at the same time). */
async function freePortInRange(): Promise<number> {
  const span = PORTS.to - PORTS.from + 1;
  const first = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = PORTS.from + ((first + i) % span);
    if (await portFree(port)) return port;
  }
  throw new Error(`no free port in ${PORTS.from}-${PORTS.to}`);
}

/** The process and every process under it. */
function descendants(pid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry), ...descendants(Number(entry)));
    } catch {
      /* gone */
    }
  }
  return out;
}

/** kill -9 of the server this test started, and of the helpers it runs (ffmpeg, psdecode). */
function killTree(pid: number) {
  for (const p of [...descendants(pid).reverse(), pid]) {
    try {
      process.kill(p, 'SIGKILL');
    } catch {
      /* already gone */
    }
  }
}

export interface Reply {
  status: number;
  body: string;
}

/**
 * One request over HTTP to the real server. `cutAfter`: only that many bytes of the body are sent and the
 * request is left open (in flight when the server dies). Rejects when the connection breaks.
 */
export function send(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; headers?: Record<string, string>; body?: Buffer; cutAfter?: number } = {},
): Promise<Reply> {
  const body = opts.body ?? Buffer.alloc(0);
  return new Promise<Reply>((resolve, reject) => {
    const req = http.request(new URL(url, base), {
      method,
      headers: {
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
        'content-length': String(body.length),
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (opts.cutAfter !== undefined) {
      req.write(body.subarray(0, opts.cutAfter));
      return; // never ended
    }
    req.end(body);
  });
}

export const sendJson = (base: string, token: string, method: string, url: string, body: unknown) =>
  send(base, method, url, {
    token,
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify(body)),
  });

export function sendForm(
  base: string,
  token: string,
  url: string,
  fields: Record<string, string>,
  files: FormFile[],
  /** send only this share of the body (0..1) and leave the request open */
  cutAt?: number,
) {
  const form = multipart(fields, files);
  const cutAfter = cutAt === undefined ? undefined : Math.floor(form.payload.length * cutAt);
  return send(base, 'POST', url, { token, headers: form.headers, body: form.payload, cutAfter });
}

/** A request that must not be answered: what it ended with (an Error when the server died under it). */
export const outcome = (request: Promise<Reply>) => request.catch((err: Error) => err);

/** A table lock held by the test: the server's next write to the table waits for `release()`. */
export interface Gate {
  lock(): Promise<void>;
  /**
   * The server connections waiting on the lock: waits until `count` of them are there (those that have
   * written to `holding` in their transaction, when given); answers their backend pids. (pg_locks, not
   * pg_stat_activity's query text: the server's driver parses each statement first, and a lock taken while
   * parsing shows the previous statement there.)
   */
  waiters(opts?: { count?: number; holding?: Table; timeoutMs?: number }): Promise<number[]>;
  release(): Promise<void>;
}

export interface CrashRig {
  dataDir: string;
  database: Database;
  /** what the factories need, and the app's deps (blob store on the same data folder) */
  seed: Seed & { deps: AppDeps };
  /** the running server's base URL */
  readonly url: string;
  readonly server: ServerProcess | null;
  start(): Promise<void>;
  /** SIGKILL, then waits for the process to be gone */
  kill(): Promise<void>;
  /**
   * Locks the table (SHARE: reads go on, writes wait). `{ lockNow: false }` only connects; `lock()` then
   * takes the lock at once, for a test that must take it right after an answer.
   */
  gate(table: Table, opts?: { lockNow?: boolean }): Promise<Gate>;
  /** ends the gates a failed test left held */
  releaseGates(): Promise<void>;
  /** waits until these PostgreSQL backends (of the killed server) have ended */
  backendsGone(pids: number[]): Promise<void>;
  /** the ids of the running jobs (of every company) */
  runningJobs(): Promise<string[]>;
  /**
   * Dates these jobs' heartbeat back past the worker's stale limit (60 s, docs/decisions.md), as the clock
   * would after a minute: the restarted worker's next sweep then takes them back.
   */
  ageJobs(ids: string[]): Promise<void>;
  /** the bytes of a stored blob, or null */
  blob(key: string): Buffer | null;
  /** the keys of the blobs stored under a prefix (a folder of the store) */
  blobFiles(prefix: string): string[];
  /** files the blob store left half-written (`*.tmp`) */
  tmpFiles(): string[];
  close(): Promise<void>;
  /** seconds spent starting servers, for the test's printout */
  readonly startSeconds: number[];
}

/** Creates the database and the data folder; the server is started with `start()`. */
export async function crashRig(name: string): Promise<CrashRig> {
  const suiteUrl = inject('databaseUrl');
  const dbName = `sim_crash_${name}_${process.pid}_${Date.now() % 100000}`;
  const scratch = await scratchDatabase(suiteUrl, dbName);
  const dbUrl = scratch.url;
  const database = connectDatabase(dbUrl, 3);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sim-crash-${name}-`));
  fs.chmodSync(dataDir, 0o755);
  const deps = createDeps(
    loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET }),
    database.db,
  );
  const port = await freePortInRange();
  const build = await buildServer();
  let server: ServerProcess | null = null;
  const gates: pg.Client[] = [];
  const startSeconds: number[] = [];

  const rig: CrashRig = {
    dataDir,
    database,
    seed: { db: database.db, deps },
    get url() {
      if (!server) throw new Error('the server is not started');
      return server.url;
    },
    get server() {
      return server;
    },
    startSeconds,
    async start() {
      const t0 = performance.now();
      // startServer runs apps/server/$SERVER_OUT_DIR/main.js (read when it spawns)
      const before = process.env.SERVER_OUT_DIR;
      process.env.SERVER_OUT_DIR = build;
      try {
        server = startServer({
          dataDir,
          port,
          pgPort: port, // unused: the server runs on DATABASE_URL, not its embedded PostgreSQL
          env: { DATABASE_URL: dbUrl, JWT_SECRET: TEST_JWT_SECRET, SEED_DEMO: 'false', LOG_LEVEL: 'warn' },
        });
      } finally {
        if (before === undefined) delete process.env.SERVER_OUT_DIR;
        else process.env.SERVER_OUT_DIR = before;
      }
      await server.ready;
      startSeconds.push((performance.now() - t0) / 1000);
    },
    async kill() {
      const s = server;
      if (!s || s.proc.exitCode !== null || s.proc.signalCode !== null) return;
      killTree(s.proc.pid as number);
      await s.exited;
    },
    async gate(table, { lockNow = true } = {}) {
      const client = new pg.Client({ connectionString: dbUrl });
      await client.connect();
      gates.push(client);
      let released = false;
      const gate: Gate = {
        async lock() {
          await client.query(`begin; lock table "${getTableName(table)}" in share mode`);
        },
        async waiters({ count = 1, holding, timeoutMs = 15_000 } = {}) {
          const until = Date.now() + timeoutMs;
          for (;;) {
            const { rows } = await client.query<{ pid: number }>(
              `select distinct w.pid from pg_locks w
                where w.relation = $1::regclass and not w.granted and w.pid <> pg_backend_pid()
                  and ($2::text is null or exists (
                    select 1 from pg_locks h
                     where h.pid = w.pid and h.relation = $2::regclass and h.granted and h.mode = 'RowExclusiveLock'))`,
              [getTableName(table), holding ? getTableName(holding) : null],
            );
            if (rows.length >= count) return rows.map((r) => r.pid);
            if (Date.now() > until) {
              const locks = await client.query(
                `select l.pid, l.locktype, l.relation::regclass::text as rel, l.mode, l.granted, a.wait_event, a.state,
                        left(a.query, 80) as query
                   from pg_locks l join pg_stat_activity a on a.pid = l.pid
                  where a.datname = current_database() and a.pid <> pg_backend_pid()`,
              );
              throw new Error(
                `no server statement waited on ${getTableName(table)}: ${JSON.stringify(locks.rows, null, 1)}`,
              );
            }
            await new Promise((r) => setTimeout(r, 20));
          }
        },
        async release() {
          if (released) return;
          released = true;
          await client.query('rollback');
          await client.end();
          gates.splice(gates.indexOf(client), 1);
        },
      };
      if (lockNow) await gate.lock();
      return gate;
    },
    async releaseGates() {
      for (const client of gates.splice(0)) await client.end().catch(() => undefined);
    },
    async backendsGone(pids) {
      for (let i = 0; i < 500; i++) {
        const { rows } = await database.pool.query<{ n: number }>(
          'select count(*)::int as n from pg_stat_activity where pid = any($1::int[])',
          [pids],
        );
        if (rows[0].n === 0) return;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`backends ${pids.join(', ')} of the killed server are still there`);
    },
    async runningJobs() {
      const { rows } = await database.pool.query<{ id: string }>("select id from jobs where status = 'running'");
      return rows.map((r) => r.id);
    },
    async ageJobs(ids) {
      await database.pool.query(
        `update jobs set heartbeat_at = now() - interval '61 seconds'
          where id = any($1::uuid[]) and status = 'running'`,
        [ids],
      );
    },
    blob(key) {
      const file = path.join(dataDir, 'blobs', key);
      return fs.existsSync(file) ? fs.readFileSync(file) : null;
    },
    blobFiles(prefix) {
      const dir = path.join(dataDir, 'blobs', prefix);
      if (!fs.existsSync(dir)) return [];
      return (fs.readdirSync(dir, { recursive: true }) as string[])
        .filter((f) => !f.endsWith('.type') && fs.statSync(path.join(dir, f)).isFile())
        .map((f) => `${prefix}/${f}`);
    },
    tmpFiles() {
      const root = path.join(dataDir, 'blobs');
      if (!fs.existsSync(root)) return [];
      return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.tmp'));
    },
    async close() {
      await rig.kill();
      await rig.releaseGates();
      await database.close();
      await scratch.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(path.join(SERVER_DIR, build), { recursive: true, force: true });
    },
  };
  return rig;
}

/** Polls until `check` answers a value (not undefined), at most `timeoutMs`. */
export async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
