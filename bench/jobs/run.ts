/**
 * bench:jobs — today's job queue (apps/server/src/jobs) beside graphile-worker and pg-boss, on a fresh
 * database of the machine's PostgreSQL (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/postgres),
 * dropped at the end: pick-up latency of a trickle, throughput of 2 worker processes, take-over of a
 * killed worker's job, and where a second company's jobs land behind a first company's backlog.
 *   npm run bench:jobs      (BENCH_JOBS_TRICKLE=200 jobs for notified pick-up, BENCH_JOBS_POLLED=24 for
 *                            polled pick-up, BENCH_JOBS_THROUGHPUT=5000, BENCH_JOBS_ONLY=latency,ours to
 *                            run the rows whose section or system is listed)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDb, type ScratchDb, serverFacts } from './database';
import * as report from './report';
import { fairness } from './scenarios/fairness';
import { trickle } from './scenarios/latency';
import { takeover } from './scenarios/takeover';
import { throughput } from './scenarios/throughput';
import { openSystem } from './systems/index';
import type { QueueSystem, SystemName } from './systems/types';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TRICKLE = Number(process.env.BENCH_JOBS_TRICKLE ?? 200);
const POLLED = Number(process.env.BENCH_JOBS_POLLED ?? 24);
const THROUGHPUT = Number(process.env.BENCH_JOBS_THROUGHPUT ?? 5000);
const ONLY = process.env.BENCH_JOBS_ONLY?.split(',').filter(Boolean);
const NOTIFIED_GAP: [number, number] = [20, 80];

interface Row {
  system: SystemName;
  variant: string;
  setting: string;
}

const LATENCY: (Row & { jobs: number; gap: [number, number] })[] = [
  {
    system: 'ours',
    variant: 'wake',
    setting: 'enqueue() in the workers’ process: in-process wake-up',
    jobs: TRICKLE,
    gap: NOTIFIED_GAP,
  },
  {
    system: 'ours',
    variant: 'poll',
    setting: 'queued by another process: poll 1 s (default)',
    jobs: POLLED,
    gap: [0, 1000],
  },
  {
    system: 'graphile',
    variant: 'default',
    setting: 'as shipped: LISTEN/NOTIFY (always on), poll 2 s',
    jobs: TRICKLE,
    gap: NOTIFIED_GAP,
  },
  {
    system: 'pgboss',
    variant: 'defaults',
    setting: 'as shipped: poll 2 s, no LISTEN/NOTIFY',
    jobs: POLLED,
    gap: [0, 2000],
  },
  {
    system: 'pgboss',
    variant: 'notify',
    setting: 'useListenNotify + queue notify, else as shipped',
    jobs: TRICKLE,
    gap: NOTIFIED_GAP,
  },
];
const THROUGHPUT_ROWS: (Row & { capMs: number })[] = [
  { system: 'ours', variant: 'poll', setting: 'defaults (poll 1 s)', capMs: 60_000 },
  { system: 'graphile', variant: 'default', setting: 'as shipped', capMs: 60_000 },
  {
    system: 'pgboss',
    variant: 'tuned',
    setting: 'notify, poll 0.5 s, burstWhenReadyExceeds 1, stats every 1 s',
    capMs: 60_000,
  },
  {
    system: 'pgboss',
    variant: 'defaults',
    setting: 'as shipped (batchSize 1, poll 2 s), capped at 6 s',
    capMs: 6_000,
  },
];
const TAKEOVER: (Row & { waitMs: number })[] = [
  {
    system: 'ours',
    variant: 'takeover',
    setting: 'heartbeat 5 s, stale after 10 s, sweep with each 1 s poll',
    waitMs: 30_000,
  },
  { system: 'graphile', variant: 'default', setting: 'no heartbeat; lock released after 4 h (fixed)', waitMs: 15_000 },
  {
    system: 'pgboss',
    variant: 'takeover',
    setting: 'heartbeatSeconds 10 (sent every 5 s), supervise 1 s, tuned',
    waitMs: 30_000,
  },
];
const FAIRNESS: Row[] = [
  { system: 'ours', variant: 'wake', setting: 'fair turn: company, then learner, least recently started first' },
  { system: 'graphile', variant: 'default', setting: 'FIFO (priority, run_at, id)' },
  { system: 'graphile', variant: 'queues', setting: 'a named job queue per company' },
  { system: 'pgboss', variant: 'tuned', setting: 'FIFO (priority, created_on, id)' },
  { system: 'pgboss', variant: 'groups', setting: 'group per company, groupConcurrency 1' },
];

const wanted = (section: string, row: Row) =>
  !ONLY || ONLY.some((w) => w === section || w === row.system || w === `${row.system}/${row.variant}`);

async function withSystem<T>(db: ScratchDb, row: Row, use: (sys: QueueSystem) => Promise<T>): Promise<T> {
  const sys = await openSystem(row.system, db.url, row.variant, 'bench');
  try {
    return await use(sys);
  } finally {
    await sys.close();
  }
}

function version(pkg: string): string {
  return JSON.parse(fs.readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;
}

async function main() {
  const db = await createScratchDb();
  const dropOnSignal = () => {
    void db.drop().finally(() => process.exit(130));
  };
  process.once('SIGINT', dropOnSignal);
  process.once('SIGTERM', dropOnSignal);
  const started = Date.now();
  try {
    const pgFacts = await serverFacts(db.url);
    console.log(
      `bench:jobs on ${os.cpus()[0]?.model} (${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB), ` +
        `load average ${os.loadavg()[0].toFixed(2)}, Node ${process.version}, PostgreSQL ${pgFacts.version} ` +
        `(${JSON.stringify(pgFacts.settings)}), graphile-worker ${version('graphile-worker')}, pg-boss ${version('pg-boss')}, ` +
        `database ${db.name}, ${new Date().toISOString()}`,
    );
    const section = async <R extends Row>(
      name: string,
      title: string,
      head: string,
      rows: R[],
      measure: (sys: QueueSystem, row: R) => Promise<string>,
    ) => {
      const chosen = rows.filter((r) => wanted(name, r));
      if (!chosen.length) return;
      console.log(`\n${title}\n${head}`);
      for (const r of chosen) console.log(await withSystem(db, r, (sys) => measure(sys, r)));
    };
    await section(
      'latency',
      `Pick-up latency: one job at a time into an idle pool of 2 in one process (${TRICKLE} jobs with LISTEN/NOTIFY or a wake-up, ${POLLED} when polled; 3 warm-up jobs not counted)`,
      report.latencyHead(),
      LATENCY,
      async (sys, r) => report.latencyRow(r.system, r.setting, await trickle(sys, r.jobs, r.gap)),
    );
    const worker = (r: Row) => ({ system: r.system, variant: r.variant, url: db.url });
    await section(
      'throughput',
      `Throughput: ${THROUGHPUT} no-op jobs enqueued in one transaction, 2 worker processes, concurrency 2 each`,
      report.throughputHead(),
      THROUGHPUT_ROWS,
      async (sys, r) =>
        report.throughputRow(r.system, r.setting, await throughput(sys, worker(r), THROUGHPUT, r.capMs)),
    );
    await section(
      'takeover',
      'Take-over: 2 worker processes; the one running the job (holds 300 ms) is killed with SIGKILL',
      report.takeoverHead(),
      TAKEOVER,
      async (sys, r) => report.takeoverRow(r.system, r.setting, await takeover(sys, worker(r), r.waitMs)),
    );
    await section(
      'fairness',
      'Fairness: pool of 2 in one process; 500 jobs of company A, then 5 of company B; 5 ms each',
      report.fairnessHead(),
      FAIRNESS,
      async (sys, r) => report.fairnessRow(r.system, r.setting, await fairness(sys)),
    );
    console.log(
      `\n${((Date.now() - started) / 1000).toFixed(0)} s in all; load average at the end ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await db.drop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
