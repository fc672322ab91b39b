/**
 * Is the server still responsive while the embedded database runs a heavy query?
 * Starts the real app on the embedded PostgreSQL (a throwaway cluster), measures GET /api/health throughput and
 * latency alone, then again while a heavy query runs in a loop. Prints figures; no pass/fail.
 *   npm run bench:db
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { connectDatabase } from '../../apps/server/src/db/client';
import { startEmbeddedDatabase } from '../../apps/server/src/db/embedded/embedded';
import { prepareDatabase } from '../../apps/server/src/db/prepare';
import { createDeps } from '../../apps/server/src/runtime';
import { tempDataDir } from './server-process';

const DURATION_MS = 4000;
const CONCURRENCY = 32;

async function load(port: number): Promise<{ rps: number; p50: number; p99: number }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  const end = Date.now() + DURATION_MS;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const t0 = process.hrtime.bigint();
      http
        .get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
            resolve();
          });
        })
        .on('error', reject);
    });
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) await one();
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { rps: Math.round(latencies.length / (DURATION_MS / 1000)), p50: at(0.5), p99: at(0.99) };
}

async function main() {
  const dataDir = tempDataDir('sim-bench-resp-');
  const embedded = await startEmbeddedDatabase({ dataDir, log: () => {} });
  const database = connectDatabase(embedded.url, 10);
  await prepareDatabase(database);
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(40) });
  const app = await buildApp(createDeps(config, database.db));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const idle = await load(port);
  let running = true;
  let heavyQueries = 0;
  let heavyMs = 0;
  const heavy = (async () => {
    while (running) {
      const t0 = Date.now();
      await database.db.execute(sql`select sum(x::bigint * x) from generate_series(1, 3000000) as x`);
      heavyMs += Date.now() - t0;
      heavyQueries++;
    }
  })();
  const busy = await load(port);
  running = false;
  await heavy;

  const fmt = (r: { rps: number; p50: number; p99: number }) =>
    `${String(r.rps).padStart(7)} req/s   p50 ${r.p50.toFixed(2)} ms   p99 ${r.p99.toFixed(2)} ms`;
  console.log(
    `GET /api/health, ${CONCURRENCY} connections, ${DURATION_MS / 1000} s each (${os.cpus()[0]?.model}, ${os.cpus().length} cores)`,
  );
  console.log(`  database idle:                  ${fmt(idle)}`);
  console.log(`  heavy query running meanwhile:  ${fmt(busy)}`);
  console.log(
    `  heavy queries completed: ${heavyQueries}, mean ${(heavyMs / Math.max(1, heavyQueries)).toFixed(0)} ms each`,
  );
  await app.close();
  await database.close();
  await embedded.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
