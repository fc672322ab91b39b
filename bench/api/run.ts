/**
 * Throughput of a cheap authenticated request path: the real server (`startServer`: the built bundle, or the
 * sources with `BENCH_FROM_SOURCES=1`) on a fresh data folder with its embedded PostgreSQL and the demo
 * seed plus 24 more employees, then GET /api/health, the employee list, the sim list and user-details, each
 * for ~8 s at 50 keep-alive connections, signed in as the demo account owner. Prints req/s, p50, p99.
 *   npm run bench:api
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { embeddedPgUrl, freePort, percentile, query, signIn, startServer, tempDataDir } from '../db/server-process';

const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 8) * 1000;
const CONNECTIONS = 50;
const TARGETS = [
  { name: 'GET /api/health', path: '/api/health', auth: false },
  { name: 'GET /api/v1/employee/list?skip=0&limit=10', path: '/api/v1/employee/list?skip=0&limit=10', auth: true },
  { name: 'GET /api/v1/sims/listing?skip=0&limit=10', path: '/api/v1/sims/listing?skip=0&limit=10', auth: true },
  { name: 'GET /api/v1/permissions/user-details', path: '/api/v1/permissions/user-details', auth: true },
];

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(port: number, path: string, token?: string): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const latencies: number[] = [];
  let errors = 0;
  const one = () =>
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
  // a short warm-up (JIT, pool connections, caches), then the measured run
  const run = async (ms: number) => {
    const end = Date.now() + ms;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < end) await one();
      }),
    );
  };
  await run(1000);
  latencies.length = 0;
  errors = 0;
  const t0 = Date.now();
  await run(DURATION_MS);
  const elapsed = (Date.now() - t0) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    rps: Math.round(latencies.length / elapsed),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
  };
}

async function main() {
  const dataDir = tempDataDir('sim-bench-api-');
  const [port, pgPort] = [await freePort(), await freePort()];
  const server = startServer({
    dataDir,
    port,
    pgPort,
    sources: process.env.BENCH_FROM_SOURCES === '1',
    env: { LOG_LEVEL: 'warn', DB_POOL_SIZE: '10' },
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
    console.log(
      `${CONNECTIONS} connections, ${DURATION_MS / 1000} s each, embedded PostgreSQL, signed in as the account owner (${os.cpus()[0]?.model}, ${os.cpus().length} cores)`,
    );
    for (const t of TARGETS) {
      const r = await load(port, t.path, t.auth ? token : undefined);
      console.log(
        `  ${t.name.padEnd(44)} ${String(r.rps).padStart(7)} req/s   p50 ${r.p50.toFixed(1).padStart(6)} ms   p99 ${r.p99.toFixed(1).padStart(6)} ms${r.errors ? `   (${r.errors} answers not 200)` : ''}`,
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
