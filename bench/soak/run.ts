/**
 * bench:soak — issue 18's soak: the built server (apps/server/dist, or the private build SERVER_OUT_DIR
 * names) on its embedded PostgreSQL in a fresh data folder; a company seeded with the test builders
 * (seed.ts); then simulated people with realistic think times (think.ts): learners who sign in, load the
 * dashboard, open a sim, take a level speaking recorded human audio through the speech websocket and the
 * upload, and read the final score (learner.ts), and reviewers who read the score table and results and
 * export (reviewer.ts). First a ramp (10, 25, 50, 100, 150, 200 learners, each held --step-seconds: the
 * newcomers arrive over its first half, its second half is measured) to find where p95 of a page passes
 * 1 s, then the soak itself at --learners for --minutes. Printed and written to bench/results/soak.md:
 * requests, errors by kind, p50/p95/p99 per route, page and wait, the server's CPU and memory every 10 s
 * and the memory's slope.
 *   SERVER_OUT_DIR=dist-soak npm run bench:soak     (200 learners, 10 reviewers, 10 minutes; ~20 minutes in all)
 *   cd bench && npx tsx soak/run.ts --minutes 1 --learners 20 --steps 5,10 --step-seconds 30 --out ''
 * Ports: 3400–3499 (SOAK_PORTS=low-high).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectDatabase } from '../../apps/server/src/db/client';
import { readState } from '../../apps/server/src/db/embedded/cluster-state';
import { startServer, tempDataDir } from '../db/server-process';
import { Client } from './client';
import { type Actor, learnerLife, signInToDashboard } from './learner';
import { Metrics, type Window } from './metrics';
import { Monitor } from './monitor';
import { readOptions, USAGE } from './options';
import { freePortsInRange } from './ports';
import { report } from './report';
import { reviewerLife } from './reviewer';
import { generateVoices, SIMS, seedCompany } from './seed';
import { loadRecordings } from './speech';
import { Pacer } from './think';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SAMPLE_MS = Number(process.env.SOAK_SAMPLE_SECONDS ?? 10) * 1000;
/** at most this long for the people to finish what they were doing once the run stops */
const DRAIN_MS = 90_000;

const log = (line: string) => console.log(`[${new Date().toISOString().slice(11, 19)}] ${line}`);

async function main() {
  if (process.argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const options = readOptions(process.argv.slice(2), path.join(root, 'bench/results/soak.md'));
  const built = path.join(root, 'apps/server', process.env.SERVER_OUT_DIR || 'dist', 'main.js');
  if (!fs.existsSync(built))
    throw new Error(
      `no built server at ${built}: npm run bench:soak builds it (or SERVER_OUT_DIR=dist-x node build.mjs)`,
    );
  const startedAt = new Date();
  const loadAtStart = os.loadavg();
  const recordings = await loadRecordings();
  const dataDir = tempDataDir('sim-bench-soak-');
  const [port, pgPort] = await freePortsInRange(2);
  log(`server on ${port}, PostgreSQL on ${pgPort}, data ${dataDir}; load average ${loadAtStart[0].toFixed(2)}`);
  const server = startServer({ dataDir, port, pgPort, env: { LOG_LEVEL: 'warn', SEED_DEMO: 'false' } });
  const pacer = new Pacer(options.thinkScale);
  const stopOnSignal = () => {
    log('interrupted: stopping the people, then the server');
    pacer.stop();
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  try {
    log(`server ready in ${((await server.ready) / 1000).toFixed(1)} s`);
    const state = readState(dataDir);
    if (!state) throw new Error('no embedded PostgreSQL state');
    const database = connectDatabase(`postgres://postgres:${state.password}@127.0.0.1:${pgPort}/simcentre`, 4);
    const seedStart = performance.now();
    const seeded = await seedCompany(database.db, options, recordings).finally(() => database.close());
    const seededText = `1 company, ${seeded.learners.length} learners (2 assignments NOT STARTED and 1 COMPLETED each), ${seeded.reviewers.length} reviewers (managers and supervisors), ${SIMS} sims of 2 levels (coach, customer, 2 learner lines of 5.3 s and 2.7 s of recorded speech, customer)`;
    log(`seeded in ${((performance.now() - seedStart) / 1000).toFixed(1)} s: ${seededText}`);
    const remarks: string[] = [];
    const setup = new Metrics();
    const admin: Actor = { client: new Client(server.url, setup), pacer, metrics: setup };
    await signInToDashboard(admin, seeded.admin.email, seeded.password, 'All_ASSIGNMENT');
    try {
      await generateVoices(admin.client, seeded);
    } catch (error) {
      remarks.push(
        `The customer lines have no voice (generate-voice failed: ${String(error).slice(0, 200)}); they are read, not heard.`,
      );
    }

    const metrics = new Metrics();
    let active = 0;
    const monitor = new Monitor(
      server.proc.pid ?? 0,
      () => metrics.now(),
      () => active,
    );
    monitor.start(SAMPLE_MS);
    const lives: Promise<void>[] = [];
    const actor = (): Actor => ({ client: new Client(server.url, metrics), pacer, metrics });
    /** Starts learners up to n, their arrivals spread over `spreadMs`; resolves when the last arrived. */
    const growTo = async (n: number, spreadMs: number) => {
      const newcomers = seeded.learners.slice(active, n);
      const arrivals = newcomers.map((learner, i) =>
        pacer.pause((spreadMs * i) / Math.max(1, newcomers.length)).then((go) => {
          if (!go) return;
          active++;
          lives.push(learnerLife(actor(), learner, seeded));
        }),
      );
      await Promise.all(arrivals);
    };
    let exited = false;
    server.exited.then(() => {
      exited = true;
      metrics.error('the server exited', server.lines.slice(-20).join('\n'));
      pacer.stop();
    });
    seeded.reviewers.forEach((reviewer, i) => {
      lives.push(
        pacer
          .pause((10_000 * i) / seeded.reviewers.length)
          .then((go) => (go ? reviewerLife(actor(), reviewer, seeded) : undefined)),
      );
    });
    const windows: Window[] = [];
    // a step's newcomers arrive over its first half (sign-ins are the costliest call: argon2id), the second is measured
    const spread = (seconds: number) => (seconds * 1000) / 2;
    for (const step of options.steps) {
      if (!pacer.running) break;
      const begun = metrics.now();
      await growTo(step, spread(options.stepSeconds));
      const from = metrics.now();
      await pacer.pause(Math.max(0, options.stepSeconds * 1000 - (from - begun)));
      windows.push({ label: `step ${step}`, learners: step, from, to: metrics.now() });
      log(`ramp step ${step} learners done: ${summary(metrics, windows.at(-1)!)}`);
    }
    if (pacer.running && options.minutes > 0) {
      await growTo(options.learners, spread(60));
      const from = metrics.now();
      log(`soak: ${options.learners} learners and ${seeded.reviewers.length} reviewers for ${options.minutes} min`);
      const end = from + options.minutes * 60_000;
      while (pacer.running && metrics.now() < end) {
        await pacer.pause(Math.min(60_000, end - metrics.now()));
        log(`  ${((metrics.now() - from) / 60_000).toFixed(1)} min: ${summary(metrics, { from, to: metrics.now() })}`);
      }
      windows.push({ label: 'soak', learners: options.learners, from, to: metrics.now() });
    }
    pacer.stop();
    log('stopping: waiting for the people to finish what they were doing');
    let drainTimer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.all(lives), new Promise((r) => (drainTimer = setTimeout(r, DRAIN_MS)))]);
    clearTimeout(drainTimer);
    monitor.stop();
    const text = report(metrics, {
      startedAt,
      loadAtStart,
      options,
      seeded: seededText,
      windows,
      samples: monitor.samples,
      remarks,
    });
    console.log(`\n${text}`);
    if (options.out && !exited) {
      fs.writeFileSync(options.out, text);
      log(`written to ${path.relative(root, options.out)}`);
    }
    if (exited) throw new Error(`the server exited during the run:\n${server.lines.slice(-30).join('\n')}`);
  } finally {
    process.off('SIGINT', stopOnSignal);
    process.off('SIGTERM', stopOnSignal);
    if (server.proc.exitCode === null) {
      server.proc.kill('SIGTERM');
      const killer = setTimeout(() => server.proc.kill('SIGKILL'), 30_000);
      await server.exited;
      clearTimeout(killer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function summary(metrics: Metrics, window: { from: number; to: number }): string {
  const samples = [...metrics.routes.values()].flat().filter((s) => s.at >= window.from && s.at < window.to);
  const errors = [...metrics.errors.values()].reduce((n, e) => n + e.count, 0);
  const pages = [...metrics.pages]
    .map(([name, list]) => {
      const ms = list
        .filter((s) => s.at >= window.from && s.at < window.to)
        .map((s) => s.ms)
        .sort((a, b) => a - b);
      return ms.length ? `${name} ${Math.round(ms[Math.min(ms.length - 1, Math.floor(0.95 * ms.length))])}` : '';
    })
    .filter(Boolean)
    .join(', ');
  return `${samples.length} requests, errors so far ${errors}; page p95 ms: ${pages}`;
}

main().then(
  // the people's keep-alive sockets and a take's last timers would keep the process a while longer
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
