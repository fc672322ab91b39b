/**
 * bench:scores — the score tab and the dashboard lists on a large company, on PostgreSQL. A fresh database
 * is made on the machine's PostgreSQL server (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 * and dropped at the end; the real server (the built bundle, as bench:learners) runs on it. seed.ts writes
 * 100,000 assignments and 1,000,000 line responses in one company. Then, at 20 keep-alive connections for
 * BENCH_SECONDS (5) each after a 1 s warm-up, signed in as the company's admin:
 *   - GET /api/v1/sims/assignment/list, GET /api/v1/sims/assignment/count,
 *   - POST /api/v1/sims/level/listing with each filter (and two other sorts),
 * each beside the same SQL statements (captured from the same service code through a logging driver) run
 * directly through a bare pg pool of the server's size (10) at the same 20 in flight. Goal: ≥ 70% of the
 * bare req/s, p99 ≤ 100 ms for a page. Then the time and peak memory (RSS of the server's processes) of a
 * 100,000-row and of a 10,000-row Score_List.xlsx export (goal ≤ 10 s, memory flat), on that server and
 * again on one whose JS heap is capped at 64 MB (an export that held its rows in memory could not finish).
 *   npm run bench:scores      (BENCH_SECONDS=5, BENCH_ONLY=listing to run the targets whose name has it,
 *                              BENCH_SKIP_EXPORTS=1 to leave the exports out, BENCH_KEEP_DB=1 to keep the database,
 *                              BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" to profile the server)
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { defaultGrantsFor, permissionKey, ZAssignmentListQuery, ZScoreFilter, ZScoreListQuery } from '@sim/shared';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { READ_SESSION_OPTIONS } from '../../apps/server/src/db/client';
import * as schema from '../../apps/server/src/db/schema/index';
import type { AppDeps } from '../../apps/server/src/deps';
import { TokenService } from '../../apps/server/src/lib/jwt';
import { deriveKey, resolveSecret } from '../../apps/server/src/lib/secrets';
import { countTabs, listTab } from '../../apps/server/src/modules/assignments/service';
import { tokenFor } from '../../apps/server/test/factories/company';
import { freePort, startServer, tempDataDir } from '../db/server-process';
import { cpuSecondsOf, type Figures, httpCall, loadOf, treeRss } from './load';
import { type Seeded, seedScores } from './seed';
import { listScoresStatements } from './statements';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = 20;
const POOL = 10;
const CAPPED_HEAP_MB = 64;
const BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `sim_bench_scores_${process.pid}`;
const dbUrl = (() => {
  const u = new URL(BASE);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

type Statement = [string, unknown[]];
/** bare pools of the server's size with the sessions of its app pool (jit off) and of its read pool */
interface BarePools {
  app: pg.Pool;
  read: pg.Pool;
}
const ADMIN = new Set(defaultGrantsFor('admin').map((g) => permissionKey(g.task, g.type)));

interface Target {
  name: string;
  http: { method: string; path: string; body?: unknown };
  /** the same statements as the server runs, through a bare pool with the same session options */
  bare: (pools: BarePools) => Promise<void>;
}

function captureDb(pool: pg.Pool) {
  const log: Statement[] = [];
  return { log, db: drizzle(pool, { schema, logger: { logQuery: (q, p) => log.push([q, p]) } }) };
}

async function targets(pool: pg.Pool, s: Seeded): Promise<Target[]> {
  const actor = { userId: s.adminId, companyId: s.companyId, isPlatformAdmin: false, permissions: ADMIN };
  const cap = captureDb(pool);
  const deps = { db: cap.db, now: () => new Date() } as unknown as AppDeps;
  const one = async (run: () => Promise<unknown>): Promise<Statement> => {
    cap.log.length = 0;
    await run();
    if (cap.log.length !== 1) throw new Error(`expected one statement, got ${cap.log.length}`);
    return cap.log[0];
  };
  const list = await one(() => listTab(deps, actor, ZAssignmentListQuery.parse({})));
  const count = await one(() => countTabs(deps, actor));
  const plain =
    ([text, params]: Statement) =>
    async (p: BarePools) =>
      void (await p.app.query(text, params));
  const out: Target[] = [
    {
      name: 'assignment list',
      http: { method: 'GET', path: '/api/v1/sims/assignment/list?skip=0&limit=10' },
      bare: plain(list),
    },
    { name: 'assignment count', http: { method: 'GET', path: '/api/v1/sims/assignment/count' }, bare: plain(count) },
  ];
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  const cases: [string, Record<string, string>, Record<string, unknown>][] = [
    ['final result (default)', {}, {}],
    ['highest level', { highest_level: 'true' }, {}],
    ['every attempt', { final_result: 'false' }, {}],
    ['tool', {}, { product: s.toolIds.internal }],
    ['assigned only', {}, { assigned: true }],
    ['unassigned only', {}, { un_assigned: true }],
    ['a group', {}, { groups: [s.groupIds[0]] }],
    ['a member', {}, { members: [s.learnerIds[7]] }],
    ['a sim', {}, { sims: [{ sim_id: s.simIds[0] }] }],
    ['a level of a sim', {}, { sims: [{ sim_id: s.simIds[0], levels: [s.levelId] }] }],
    ['last 30 days', {}, { startDate: monthAgo }],
    ['search a member', { textSearch: 'L0042' }, {}],
    ['page 100', { skip: '990' }, {}],
    ['sort by keyword accuracy', { sortBy: 'keywordAccuracy', sort: 'desc' }, {}],
    ['sort by member', { sortBy: 'member', sort: 'asc' }, {}],
  ];
  for (const [name, query, body] of cases) {
    const q = ZScoreListQuery.parse(query);
    const f = ZScoreFilter.parse(body);
    const statements = await listScoresStatements(pool, actor.companyId, q, f);
    const params = new URLSearchParams({ skip: '0', limit: '10', ...query }).toString();
    out.push({
      name: `score listing: ${name}`,
      http: { method: 'POST', path: `/api/v1/sims/level/listing?${params}`, body },
      bare: (p) => statements.replay(p.read),
    });
  }
  return out;
}

/** Downloads an export: seconds to the last byte, bytes, and the server's peak RSS meanwhile. */
export async function exportRun(port: number, token: string, serverPid: number, body: unknown) {
  const before = treeRss(serverPid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, treeRss(serverPid));
  }, 20);
  const t0 = performance.now();
  const payload = Buffer.from(JSON.stringify(body));
  const bytes = await new Promise<number>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/v1/sims/level/listing?download=true&final_result=false',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': payload.length,
        },
      },
      (res) => {
        let n = 0;
        res.on('data', (chunk: Buffer) => {
          n += chunk.length;
        });
        res.on('end', () => (res.statusCode === 200 ? resolve(n) : reject(new Error(`export: ${res.statusCode}`))));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  return { seconds, bytes, before, peak };
}

const ms = (n: number) => n.toFixed(1).padStart(7);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

async function main() {
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dataDir = tempDataDir('sim-bench-scores-');
  const port = await freePort();
  const serverEnv = { LOG_LEVEL: 'warn', SEED_DEMO: 'false', DATABASE_URL: dbUrl, DB_POOL_SIZE: String(POOL) };
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the measured server
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean);
  const server = startServer({ dataDir, port, pgPort: await freePort(), env: serverEnv, nodeArgs });
  let capped: ReturnType<typeof startServer> | undefined;
  const pool = new pg.Pool({ connectionString: dbUrl, max: POOL });
  const barePools: BarePools = {
    app: new pg.Pool({ connectionString: dbUrl, max: POOL, options: '-c jit=off' }),
    read: new pg.Pool({ connectionString: dbUrl, max: POOL, options: READ_SESSION_OPTIONS }),
  };
  try {
    await server.ready;
    console.log(`bench:scores on ${os.cpus()[0]?.model} (${os.cpus().length} cores), ${new Date().toISOString()}`);
    console.log(`seeding database ${dbName}:`);
    const client = await pool.connect();
    const tokens = new TokenService(deriveKey(resolveSecret(undefined, dataDir), 'jwt'), 8 * 60 * 60);
    const seed = { db: drizzle(pool, { schema }), deps: { tokens, now: () => new Date() } };
    const seeded = await seedScores(seed, client, console.log);
    client.release();
    const token = await tokenFor(seed, { id: seeded.adminId, companyId: seeded.companyId });
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
    const all = await targets(pool, seeded);
    const serverPid = server.proc.pid as number;
    const chosen = all.filter((t) => !process.env.BENCH_ONLY || t.name.includes(process.env.BENCH_ONLY));
    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each (load average ${os.loadavg()[0].toFixed(1)})`);
    console.log(
      '| target | server p50 / p99 ms | server req/s | server CPU ms / call | bare SQL p50 / p99 ms | bare req/s | server / bare |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const t of chosen) {
      const cpuBefore = cpuSecondsOf(serverPid);
      const served: Figures = await loadOf(httpCall(agent, port, token, t.http), CONNECTIONS, SECONDS * 1000);
      const cpuPerCall = ((cpuSecondsOf(serverPid) - cpuBefore) * 1000) / served.count;
      const bare: Figures = await loadOf(() => t.bare(barePools).then(() => true), CONNECTIONS, SECONDS * 1000);
      const ratio = served.rps / bare.rps;
      const ok = ratio >= 0.7 && served.p99 <= 100 ? 'met' : 'missed';
      console.log(
        `| ${t.name} | ${ms(served.p50)} / ${ms(served.p99)} | ${served.rps.toFixed(0)} | ${cpuPerCall.toFixed(2)} | ${ms(bare.p50)} / ${ms(bare.p99)} | ${bare.rps.toFixed(0)} | ${(ratio * 100).toFixed(0)}% (${ok})${served.errors ? ` errors ${served.errors}` : ''} |`,
      );
    }
    agent.destroy();
    if (process.env.BENCH_SKIP_EXPORTS) return;
    const runs: [string, unknown][] = [
      ['10,000 rows (50 members)', { members: seeded.learnerIds.slice(0, 50) }],
      ['100,000 rows (25 sims)', { sims: seeded.simIds.slice(0, 25).map((sim_id) => ({ sim_id })) }],
      ['10,000 rows again', { members: seeded.learnerIds.slice(0, 50) }],
    ];
    const exports = async (label: string, at: number, pid: number) => {
      console.log(`\nScore_List.xlsx exports (every attempt of the filter), ${label}:`);
      for (const [name, body] of runs) {
        const r = await exportRun(at, token, pid, body);
        console.log(
          `  ${name}: ${r.seconds.toFixed(2)} s, ${(r.bytes / 1024 / 1024).toFixed(1)} MB file, server RSS ${mb(r.before)} before, peak ${mb(r.peak)} (+${mb(r.peak - r.before)})`,
        );
      }
    };
    await exports('the server as above', port, server.proc.pid as number);
    // the same exports on a server whose JS heap is capped: flat memory means they still complete
    server.proc.kill('SIGTERM');
    await server.exited;
    const cappedPort = await freePort();
    capped = startServer({
      dataDir,
      port: cappedPort,
      pgPort: await freePort(),
      env: { ...serverEnv, NODE_OPTIONS: `--max-old-space-size=${CAPPED_HEAP_MB}` },
    });
    await capped.ready;
    await exports(
      `a server started with --max-old-space-size=${CAPPED_HEAP_MB}`,
      cappedPort,
      capped.proc.pid as number,
    );
  } finally {
    for (const proc of [server, capped]) {
      if (!proc || proc.proc.exitCode !== null) continue;
      proc.proc.kill('SIGTERM');
      await proc.exited;
    }
    await pool.end();
    await Promise.all([barePools.app.end(), barePools.read.end()]);
    if (process.env.BENCH_KEEP_DB) console.log(`kept database ${dbName} (BENCH_KEEP_DB)`);
    else await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('run.ts'))
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
