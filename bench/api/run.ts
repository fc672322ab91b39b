/**
 * Throughput of a cheap authenticated request path: the real server (`startServer`: the built bundle, or the
 * sources with `BENCH_FROM_SOURCES=1`) on a fresh data folder with its embedded PostgreSQL and the demo
 * seed plus 24 more employees, then GET /api/health, the employee list, the sim list and user-details, each
 * for ~8 s at 50 keep-alive connections, signed in as the demo account owner. Prints req/s, p50, p99, and
 * the CPU time each request cost the server process, its PostgreSQL and this load generator (on Linux, from
 * /proc): on a machine shared with other work req/s and latencies follow the load average, CPU per request
 * much less. The measurement starts once the demo's voice jobs are done (they run flite and ffmpeg).
 *   npm run bench:api            (BENCH_SECONDS=8, BENCH_ONLY=list to run the targets whose name has "list")
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { embeddedPgUrl, freePort, percentile, query, signIn, startServer, tempDataDir } from '../db/server-process';

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const CONNECTIONS = 50;
const ALL_TARGETS = [
  { name: 'GET /api/health', path: '/api/health', auth: false },
  { name: 'GET /api/v1/employee/list?skip=0&limit=10', path: '/api/v1/employee/list?skip=0&limit=10', auth: true },
  { name: 'GET /api/v1/sims/listing?skip=0&limit=10', path: '/api/v1/sims/listing?skip=0&limit=10', auth: true },
  { name: 'GET /api/v1/permissions/user-details', path: '/api/v1/permissions/user-details', auth: true },
];
const TARGETS = ALL_TARGETS.filter((t) => !process.env.BENCH_ONLY || t.name.includes(process.env.BENCH_ONLY));

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU milliseconds per request: the server's node process, its PostgreSQL processes, this process */
  cpu?: { server: number; pg: number; client: number };
}

const TICKS_PER_SECOND = 100; // USER_HZ of /proc/<pid>/stat

/** CPU seconds used so far by each process of the tree under `root` (Linux /proc), by pid and name. */
function treeCpu(root: number): Map<number, { name: string; seconds: number }> | null {
  if (!fs.existsSync(`/proc/${root}/stat`)) return null;
  const stats = new Map<number, { ppid: number; name: string; seconds: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const text = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = text.lastIndexOf(')');
      const name = text.slice(text.indexOf('(') + 1, close);
      const fields = text.slice(close + 2).split(' '); // from field 3 (state)
      const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND; // utime + stime
      stats.set(Number(entry), { ppid: Number(fields[1]), name, seconds });
    } catch {
      // the process ended meanwhile
    }
  }
  const tree = new Map<number, { name: string; seconds: number }>();
  const add = (pid: number) => {
    const s = stats.get(pid);
    if (!s || tree.has(pid)) return;
    tree.set(pid, { name: s.name, seconds: s.seconds });
    for (const [child, c] of stats) if (c.ppid === pid) add(child);
  };
  add(root);
  return tree;
}

/** CPU seconds used between two snapshots by node processes and by postgres processes of the tree. */
function cpuBetween(
  before: Map<number, { name: string; seconds: number }>,
  after: Map<number, { name: string; seconds: number }>,
) {
  let server = 0;
  let pg = 0;
  for (const [pid, a] of after) {
    const used = a.seconds - (before.get(pid)?.seconds ?? 0);
    if (a.name === 'postgres') pg += used;
    else if (a.name.startsWith('node') || a.name === 'MainThread') server += used;
  }
  return { server, pg };
}

/**
 * One keep-alive connection that sends the same GET again and again and reads each answer by its
 * Content-Length: a load generator that costs a few microseconds per request, so that on a small machine
 * it leaves the CPU to the server it measures (node's http client costs about ten times more; the bench
 * uses it with BENCH_CLIENT=http).
 */
class RawConnection {
  private readonly socket: net.Socket;
  private readonly request: Buffer;
  private buffered: Buffer = Buffer.alloc(0);
  private pending: { resolve: (status: number) => void; reject: (err: Error) => void } | null = null;
  private readonly ready: Promise<void>;

  constructor(port: number, path: string, token?: string) {
    const auth = token ? `Authorization: Bearer ${token}\r\n` : '';
    this.request = Buffer.from(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: keep-alive\r\n${auth}\r\n`,
    );
    this.socket = net.connect(port, '127.0.0.1');
    this.socket.setNoDelay(true);
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', resolve);
      this.socket.once('error', reject);
    });
    this.socket.on('data', (chunk) => this.received(chunk));
    this.socket.on('error', (err) => this.pending?.reject(err));
    this.socket.on('close', () => this.pending?.reject(new Error('the server closed the connection')));
  }

  async get(): Promise<number> {
    await this.ready;
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(this.request);
    });
  }

  private received(chunk: Buffer) {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    const end = this.buffered.indexOf('\r\n\r\n');
    if (end < 0) return;
    const head = this.buffered.toString('latin1', 0, end);
    const length = /\r\ncontent-length: *(\d+)/i.exec(head);
    if (!length) {
      this.pending?.reject(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
      return;
    }
    const total = end + 4 + Number(length[1]);
    if (this.buffered.length < total) return;
    const status = Number(head.slice(9, 12));
    this.buffered = this.buffered.subarray(total);
    const pending = this.pending;
    this.pending = null;
    pending?.resolve(status);
  }

  close() {
    this.socket.destroy();
  }
}

async function load(port: number, serverPid: number, path: string, token?: string): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  let one: (connection: number) => Promise<void>;
  let close: () => void;
  if (process.env.BENCH_CLIENT === 'http') {
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    one = () =>
      new Promise<void>((resolve, reject) => {
        const t0 = process.hrtime.bigint();
        http
          .get({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
            if (res.statusCode !== 200) errors++;
            res.resume();
            res.on('end', () => {
              latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
              resolve();
            });
          })
          .on('error', reject);
      });
    close = () => agent.destroy();
  } else {
    const connections = Array.from({ length: CONNECTIONS }, () => new RawConnection(port, path, token));
    one = async (i) => {
      const t0 = process.hrtime.bigint();
      const status = await connections[i].get();
      if (status !== 200) errors++;
      latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
    };
    close = () => {
      for (const c of connections) c.close();
    };
  }
  // a short warm-up (JIT, pool connections, caches), then the measured run
  const run = async (ms: number) => {
    const end = Date.now() + ms;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, i) => {
        while (Date.now() < end) await one(i);
      }),
    );
  };
  await run(1000);
  latencies.length = 0;
  errors = 0;
  const cpu0 = treeCpu(serverPid);
  const self0 = process.cpuUsage();
  const t0 = Date.now();
  await run(DURATION_MS);
  const elapsed = (Date.now() - t0) / 1000;
  const self = process.cpuUsage(self0);
  const cpu1 = treeCpu(serverPid);
  close();
  latencies.sort((a, b) => a - b);
  const n = Math.max(1, latencies.length);
  const used = cpu0 && cpu1 ? cpuBetween(cpu0, cpu1) : null;
  return {
    rps: Math.round(latencies.length / elapsed),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
    cpu: used
      ? { server: (used.server * 1000) / n, pg: (used.pg * 1000) / n, client: (self.user + self.system) / 1000 / n }
      : undefined,
  };
}

/** Waits (up to 3 minutes) until the job queue is empty: the demo seed voices its sim in the background. */
async function jobsDone(url: string) {
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    const [row] = await query<{ n: number }>(
      url,
      `select count(*)::int as n from jobs where status in ('queued', 'running')`,
    );
    if (row.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.log('(the demo voice jobs were still running after 3 minutes; measuring anyway)');
}

async function main() {
  const dataDir = tempDataDir('sim-bench-api-');
  const [port, pgPort] = [await freePort(), await freePort()];
  const server = startServer({
    dataDir,
    port,
    pgPort,
    sources: process.env.BENCH_FROM_SOURCES === '1',
    env: { LOG_LEVEL: 'warn', DB_POOL_SIZE: process.env.BENCH_DB_POOL_SIZE ?? '10' },
  });
  try {
    await server.ready;
    // the demo company has 6 people: 24 more, so the list answers a full page of 10 out of 30
    await query(
      embeddedPgUrl(dataDir, pgPort),
      `insert into users (company_id, first_name, last_name, email, password_hash, role_id, status, sub_status)
       select u.company_id, 'Bench', 'Person ' || g, 'bench' || g || '@demo.local', u.password_hash, u.role_id,
              'active', 'Training'
       from users u, generate_series(1, 24) g where u.email = 'agent@demo.local'`,
    );
    const token = await signIn(server.url, 'owner@demo.local');
    await jobsDone(embeddedPgUrl(dataDir, pgPort));
    console.log(
      `${CONNECTIONS} connections, ${DURATION_MS / 1000} s each, embedded PostgreSQL, signed in as the account owner (${os.cpus()[0]?.model}, ${os.cpus().length} cores)`,
    );
    for (const t of TARGETS) {
      const loadAverage = os.loadavg()[0];
      const r = await load(port, server.proc.pid ?? 0, t.path, t.auth ? token : undefined);
      const cpu = r.cpu
        ? `   CPU/req server ${r.cpu.server.toFixed(2)} ms, PostgreSQL ${r.cpu.pg.toFixed(2)} ms, load generator ${r.cpu.client.toFixed(2)} ms`
        : '';
      console.log(
        `  ${t.name.padEnd(44)} ${String(r.rps).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms${cpu}   (load average ${loadAverage.toFixed(1)})${r.errors ? `   (${r.errors} answers not 200)` : ''}`,
      );
    }
  } finally {
    server.proc.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
