/**
 * The real server as a user runs it (`node apps/server/dist/main.js`, as `npm start` does; `tsx` on the
 * sources when it is not built), on a data folder of the bench's own, with its embedded PostgreSQL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export { freePort } from '../../apps/server/src/db/embedded/postmaster';

export function tempDataDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export interface ServerProcess {
  proc: ChildProcess;
  url: string;
  /** every line the server printed (stdout and stderr) */
  lines: string[];
  /** resolves when the server prints that it is running */
  ready: Promise<number>;
  exited: Promise<void>;
}

export function startServer(opts: {
  dataDir: string;
  port: number;
  pgPort: number;
  env?: Record<string, string>;
  /** run the sources with tsx even when a build exists */
  sources?: boolean;
  /** node options before the built bundle (e.g. --cpu-prof, which NODE_OPTIONS refuses) */
  nodeArgs?: string[];
}) {
  // SERVER_OUT_DIR: a private build (apps/server/build.mjs), as the build's own variable names it
  const built = path.join(root, 'apps/server', process.env.SERVER_OUT_DIR || 'dist', 'main.js');
  const [cmd, args] =
    fs.existsSync(built) && !opts.sources
      ? ['node', [...(opts.nodeArgs ?? []), built]]
      : [path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/server/src/main.ts')]];
  const started = Date.now();
  const proc = spawn(cmd, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: opts.dataDir,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(opts.pgPort),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'info',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let readyResolve!: (ms: number) => void;
  let readyReject!: (err: Error) => void;
  const ready = new Promise<number>((res, rej) => {
    readyResolve = res;
    readyReject = rej;
  });
  for (const stream of [proc.stdout, proc.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const text = rest + chunk.toString('utf8');
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (line.includes('SimCentre is running at')) readyResolve(Date.now() - started);
      }
    });
  }
  const exited = new Promise<void>((res) => proc.once('exit', () => res()));
  exited.then(() => readyReject(new Error(`the server exited before it was ready:\n${lines.slice(-20).join('\n')}`)));
  return { proc, url: `http://127.0.0.1:${opts.port}`, lines, ready, exited } satisfies ServerProcess;
}

/** A direct connection to the server's embedded PostgreSQL (password from DATA_DIR/embedded-pg.json). */
export function embeddedPgUrl(dataDir: string, pgPort: number): string {
  const { password } = JSON.parse(fs.readFileSync(path.join(dataDir, 'embedded-pg.json'), 'utf8'));
  return `postgres://postgres:${password}@127.0.0.1:${pgPort}/simcentre`;
}

export async function query<T extends pg.QueryResultRow>(url: string, text: string, params: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

export async function api(
  base: string,
  method: string,
  url: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: string; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const body = await res.text();
  return { status: res.status, body, ms: performance.now() - t0 };
}

export async function signIn(base: string, email: string, password = 'Demo@12345'): Promise<string> {
  const r = await api(base, 'POST', '/api/v1/login/', { body: { email, password } });
  if (r.status !== 200) throw new Error(`sign-in of ${email}: ${r.status} ${r.body}`);
  return JSON.parse(r.body).token;
}

export function percentile(sorted: number[], q: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}
