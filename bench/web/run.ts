/**
 * `npm run bench:web`: Lighthouse 12 in Debian's Chromium on /login, /sims, /dashboard (signed in) and the take-sim
 * screen, against the built server (bench/db/server-process.ts: `SERVER_OUT_DIR` for a private server build,
 * `WEB_DIST` for a private web build) with its embedded PostgreSQL on a data folder of its own and the demo
 * seed. Prints performance, accessibility, best practices, FCP, LCP, TBT, CLS and the JavaScript transferred
 * per page and writes bench/results/web.md.
 *
 * Environment: BENCH_WEB_PORT (default 3300; the embedded PostgreSQL takes the next port), BENCH_WEB_RUNS
 * (Lighthouse runs per page and form factor, default 3), BENCH_WEB_MOBILE=0 to skip the mobile runs,
 * BENCH_WEB_SAVE=<folder> to keep every run's full Lighthouse report (JSON).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { api, embeddedPgUrl, query, startServer, tempDataDir } from '../db/server-process';
import { type FormFactor, runLighthouse, type Session } from './lighthouse-run';
import { consoleLine, keptNotes, markdown, medianRun, meetsGoals, type PageResult } from './report';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const port = Number(process.env.BENCH_WEB_PORT ?? 3300);
const runs = Math.max(1, Number(process.env.BENCH_WEB_RUNS ?? 3));
const formFactors: FormFactor[] = process.env.BENCH_WEB_MOBILE === '0' ? ['desktop'] : ['desktop', 'mobile'];
const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
const LEARNER = 'agent@demo.local';
/** a folder for Lighthouse's full JSON reports (one per run), to read in the Lighthouse viewer */
const saveDir = process.env.BENCH_WEB_SAVE;
if (saveDir) fs.mkdirSync(saveDir, { recursive: true });

/** the web build as the results name it: relative to the repository when inside it */
const webDistName = webDist.startsWith(root) ? path.relative(root, webDist) : webDist;

if (!fs.existsSync(path.join(webDist, 'index.html')))
  throw new Error(`no web build in ${webDist}: run \`npm run build\` (or set WEB_DIST)`);

/** The learner's session as the sign-in page stores it. */
async function signInSession(base: string): Promise<Session & { userId: string }> {
  const r = await api(base, 'POST', '/api/v1/login/', { body: { email: LEARNER, password: 'Demo@12345' } });
  if (r.status !== 200) throw new Error(`sign-in of ${LEARNER}: ${r.status} ${r.body}`);
  const body = JSON.parse(r.body) as { token: string; user: { _id: string } };
  return { token: body.token, user: body.user, userId: body.user._id };
}

/** The take-sim URL of the learner's not-started demo assignment, first level, as the dashboard's START opens it. */
async function takeSimPath(pgUrl: string, userId: string): Promise<string> {
  const [row] = await query<{ assignment_id: string; sim_id: string; level_id: string; sort_order: number }>(
    pgUrl,
    `select a.id as assignment_id, a.sim_id, l.id as level_id, l.sort_order
       from assignments a join sim_levels l on l.sim_id = a.sim_id
      where a.assigned_to_id = $1 and a.status = 'NOT STARTED'
      order by a.created_at desc, l.sort_order asc limit 1`,
    [userId],
  );
  if (!row) throw new Error(`${LEARNER} has no not-started assignment with a level: is SEED_DEMO on?`);
  const params = new URLSearchParams({
    levelId: row.level_id,
    assignment_id: row.assignment_id,
    sim_id: row.sim_id,
    user_id: userId,
    reviewer: 'false',
    order: String(row.sort_order),
    continueSimLevel: 'false',
    activeIndex: '0',
  });
  return `/sims/takesim?${params.toString()}`;
}

/** Lighthouse fails a run now and then on a loaded machine (NO_NAVSTART, a lost trace): up to two more tries. */
async function withRetries<T>(run: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= tries) throw error;
      console.log(`  retrying after: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
}

function describeMachine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const chromium = (() => {
    try {
      return execSync('/usr/bin/chromium --version', { encoding: 'utf8' }).trim();
    } catch {
      return 'Chromium';
    }
  })();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');
  return `${cpu}, ${os.cpus().length} cores; ${chromium}; load average at the start ${load}; ${new Date().toISOString().slice(0, 10)}.`;
}

async function main() {
  const dataDir = tempDataDir('simcentre-bench-web-');
  const machine = describeMachine();
  const server = startServer({
    dataDir,
    port,
    pgPort: port + 1,
    env: { WEB_DIST: webDist, LOG_LEVEL: 'warn', SEED_DEMO: 'true' },
  });
  const results: PageResult[] = [];
  try {
    const startMs = await server.ready;
    console.log(`server ready in ${startMs} ms at ${server.url} (web: ${webDist})`);
    const session = await signInSession(server.url);
    const takeSim = await takeSimPath(embeddedPgUrl(dataDir, port + 1), session.userId);
    const pages: { name: string; path: string; session?: Session }[] = [
      { name: '/login', path: '/login' },
      { name: '/sims', path: '/sims', session },
      { name: '/dashboard', path: '/dashboard', session },
      { name: 'take-sim', path: takeSim, session },
    ];
    for (const formFactor of formFactors) {
      for (const page of pages) {
        const result: PageResult = { name: page.name, path: page.path, formFactor, runs: [] };
        for (let i = 0; i < runs; i++) {
          const save =
            saveDir && path.join(saveDir, `${page.name.replace(/\W+/g, '') || 'page'}-${formFactor}-${i + 1}.json`);
          const figures = await withRetries(() =>
            runLighthouse(server.url + page.path, formFactor, page.session, save || undefined),
          );
          const landed = new URL(figures.finalUrl).pathname;
          if (landed !== new URL(server.url + page.path).pathname)
            throw new Error(`${page.name} ended on ${figures.finalUrl}: the session was not taken`);
          result.runs.push(figures);
        }
        results.push(result);
        console.log(consoleLine(result));
      }
    }
  } finally {
    server.proc.kill('SIGTERM');
    await server.exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const context = [
    `\`bench/web/run.ts\`: the built server (\`node apps/server/${process.env.SERVER_OUT_DIR || 'dist'}/main.js\`) with its embedded`,
    `PostgreSQL on a fresh data folder and the demo seed, serving the web build in \`${webDistName}\`; Lighthouse 12`,
    '(`lighthouse` npm, navigation mode,',
    "simulated throttling) in Debian's headless Chromium, a fresh browser profile per run (cold cache). /sims and",
    `the take-sim screen are signed in as ${LEARNER} (token and user in localStorage, as the sign-in page keeps`,
    "them); the take-sim screen is the learner's not-started demo assignment, first level.",
    `${runs} run(s) per page and form factor. ${machine}`,
    'The machine was shared with other work during the runs: TBT and the performance score vary with the load.',
  ];
  const out = path.join(root, 'bench/results/web.md');
  const previous = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : null;
  fs.writeFileSync(out, markdown(results, context, keptNotes(previous)));
  console.log(`written ${path.relative(root, out)}`);
  const desktopMissed = results.filter((r) => r.formFactor === 'desktop' && !meetsGoals(medianRun(r.runs)));
  if (desktopMissed.length) console.log(`below the goals (desktop): ${desktopMissed.map((r) => r.name).join(', ')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
