/**
 * The embedded database under concurrent use, as a new user meets it: a fresh data folder, the real server
 * started as `npm start` starts it (demo seed, the demo sim voiced by a background job), and at once:
 *   1. 50 clients for 30 s over sign-in, user-details, the employee list and the sim list;
 *   2. two companies: Demo Health's admin writes (3 at a time) while the second company's owner and a
 *      Demo Health agent read; every answer is checked against what its caller may see, every write
 *      against its company and author.
 * Prints figures: answers by status, latency, 5xx, "taken back" job lines, wrong-company answers.
 *   npm run bench:db:concurrency            (CLIENTS=50 SECONDS=30 to change the load)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { ROLE_NAMES } from '@sim/shared';
import { connectDatabase } from '../../apps/server/src/db/client';
import { users } from '../../apps/server/src/db/schema/index';
import { hashPassword } from '../../apps/server/src/lib/password';
import { createCompanyWithDefaultRoles } from '../../apps/server/src/modules/companies/service';
import { api, embeddedPgUrl, freePort, percentile, query, signIn, startServer, tempDataDir } from './server-process';

const CLIENTS = Number(process.env.CLIENTS ?? 50);
const SECONDS = Number(process.env.SECONDS ?? 30);
const DEMO = ['admin', 'owner', 'manager', 'supervisor', 'agent', 'agent2'].map((r) => `${r}@demo.local`);

interface Tally {
  statuses: Map<number, number>;
  ms: number[];
}
const tally = (): Tally => ({ statuses: new Map(), ms: [] });
function count(t: Tally, status: number, ms: number) {
  t.statuses.set(status, (t.statuses.get(status) ?? 0) + 1);
  t.ms.push(ms);
}
function line(name: string, t: Tally) {
  const sorted = [...t.ms].sort((a, b) => a - b);
  const st = [...t.statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  return `  ${name.padEnd(22)} ${String(t.ms.length).padStart(6)} answers  p50 ${percentile(sorted, 0.5).toFixed(1).padStart(7)} ms  p99 ${percentile(sorted, 0.99).toFixed(1).padStart(7)} ms  ${st}`;
}

async function jobStates(pgUrl: string) {
  const rows = await query<{ status: string; n: number }>(
    pgUrl,
    'select status, count(*)::int as n from jobs group by status',
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

async function mixedLoad(base: string) {
  const tokens = new Map<string, string>();
  for (const email of DEMO) tokens.set(email, await signIn(base, email));
  const routes: Record<string, (email: string) => Promise<{ status: number; ms: number }>> = {
    'sign-in': (email) => api(base, 'POST', '/api/v1/login/', { body: { email, password: 'Demo@12345' } }),
    'user-details': (email) => api(base, 'GET', '/api/v1/permissions/user-details', { token: tokens.get(email) }),
    'employee list': (email) => api(base, 'GET', '/api/v1/employee/list?skip=0&limit=10', { token: tokens.get(email) }),
    'sim list': (email) => api(base, 'GET', '/api/v1/sims/listing?skip=0&limit=10', { token: tokens.get(email) }),
  };
  const names = Object.keys(routes);
  const byRoute = new Map(names.map((n) => [n, tally()]));
  const end = Date.now() + SECONDS * 1000;
  let errors = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      for (let i = c; Date.now() < end; i++) {
        const name = names[i % names.length];
        const email = DEMO[(c + i) % DEMO.length];
        try {
          const r = await routes[name](email);
          count(byRoute.get(name) as Tally, r.status, r.ms);
        } catch {
          errors++;
        }
      }
    }),
  );
  return { byRoute, errors };
}

async function isolationRun(base: string, pgUrl: string) {
  // a second company with the default roles and an account owner, made by the server's own code
  const [demo] = await query<{ id: string }>(pgUrl, "select id from companies where name = 'Demo Health'");
  const database = connectDatabase(pgUrl, 2);
  const other = await createCompanyWithDefaultRoles(database.db, `Bench Co ${crypto.randomUUID().slice(0, 6)}`);
  const ownerEmail = `owner-${other.companyId.slice(0, 8)}@bench.local`;
  await database.db.insert(users).values({
    companyId: other.companyId,
    firstName: 'Bench',
    lastName: 'Owner',
    email: ownerEmail,
    status: 'active',
    passwordHash: await hashPassword('Demo@12345'),
    roleId: other.roleIds[ROLE_NAMES.accountOwner],
  });
  await database.close();
  const ownerToken = await signIn(base, ownerEmail);
  const adminToken = await signIn(base, 'admin@demo.local');
  const agentToken = await signIn(base, 'agent@demo.local');
  const demoIds = (
    await query<{ id: string }>(
      pgUrl,
      'select id from users where company_id = $1 union all select id from roles where company_id = $1',
      [demo.id],
    )
  ).map((r) => r.id);
  demoIds.push(demo.id);

  const reads = {
    ownerRoles: () => api(base, 'GET', '/api/v1/company/role-list', { token: ownerToken }),
    ownerDetails: () => api(base, 'GET', '/api/v1/permissions/user-details', { token: ownerToken }),
    ownerEmployees: () => api(base, 'GET', '/api/v1/employee/list?skip=0&limit=50', { token: ownerToken }),
    agentDetails: () => api(base, 'GET', '/api/v1/permissions/user-details', { token: agentToken }),
  };
  const baseline = Object.fromEntries(
    await Promise.all(Object.entries(reads).map(async ([k, f]) => [k, (await f()).body] as const)),
  );
  const written: string[] = [];
  let writeFailures = 0;
  let wrong = 0;
  let reads5xx = 0;
  let readsDone = 0;
  const end = Date.now() + 15_000;
  const writers = Array.from({ length: 3 }, async () => {
    while (Date.now() < end) {
      const name = `Bench role ${crypto.randomUUID().slice(0, 8)}`;
      const r = await api(base, 'POST', '/api/v1/roles', { token: adminToken, body: { name } });
      if (r.status === 200) written.push(name);
      else writeFailures++;
    }
  });
  const readers = Array.from({ length: 6 }, async (_, i) => {
    const keys = Object.keys(reads) as (keyof typeof reads)[];
    for (let n = i; Date.now() < end; n++) {
      const k = keys[n % keys.length];
      const r = await reads[k]();
      readsDone++;
      if (r.status >= 500) reads5xx++;
      if (r.body !== baseline[k] || (k !== 'agentDetails' && demoIds.some((id) => r.body.includes(id)))) wrong++;
    }
  });
  await Promise.all([...writers, ...readers]);
  const stored = await query<{ company_id: string; n: number }>(
    pgUrl,
    'select company_id, count(*)::int as n from roles where name = any($1) group by company_id',
    [written],
  );
  const misfiled = stored.filter((s) => s.company_id !== demo.id).reduce((a, s) => a + s.n, 0);
  const filed = stored.filter((s) => s.company_id === demo.id).reduce((a, s) => a + s.n, 0);
  return { written: written.length, filed, misfiled, writeFailures, readsDone, reads5xx, wrong };
}

async function main() {
  const dataDir = tempDataDir('sim-bench-conc-');
  const [port, pgPort] = [await freePort(), await freePort()];
  const server = startServer({ dataDir, port, pgPort });
  try {
    const startMs = await server.ready;
    const pgUrl = embeddedPgUrl(dataDir, pgPort);
    const before = await jobStates(pgUrl);
    const t0 = Date.now();
    const load = await mixedLoad(server.url);
    const during = await jobStates(pgUrl);
    console.log(
      `Embedded PostgreSQL under load: fresh data folder, server ready in ${(startMs / 1000).toFixed(1)} s ` +
        `(${os.cpus()[0]?.model}, ${os.cpus().length} cores)`,
    );
    console.log(
      `1. ${CLIENTS} clients for ${SECONDS} s (${((Date.now() - t0) / 1000).toFixed(1)} s measured), demo users:`,
    );
    let total = 0;
    let fivexx = 0;
    for (const [name, t] of load.byRoute) {
      console.log(line(name, t));
      total += t.ms.length;
      for (const [s, n] of t.statuses) if (s >= 500) fivexx += n;
    }
    console.log(
      `  total ${total} answers (${Math.round(total / SECONDS)}/s), 5xx: ${fivexx}, network errors: ${load.errors}`,
    );
    console.log(
      `  audio jobs when the load started: ${JSON.stringify(before)}; when it ended: ${JSON.stringify(during)}`,
    );
    const iso = await isolationRun(server.url, pgUrl);
    console.log(
      '2. two companies, 15 s: Demo Health admin writes roles 3 at a time; the other company owner and a demo agent read (6 at a time)',
    );
    console.log(
      `  writes acknowledged ${iso.written} (refused ${iso.writeFailures}), filed in Demo Health ${iso.filed}, in another company ${iso.misfiled}`,
    );
    console.log(
      `  reads ${iso.readsDone}, 5xx ${iso.reads5xx}, answers differing from the reader's own view ${iso.wrong}`,
    );
    const takenBack = server.lines.filter((l) => /taken back/.test(l)).length;
    const failed = server.lines.filter((l) => /"level":50|request failed/.test(l)).length;
    console.log(`server log: "taken back" lines ${takenBack}, error lines ${failed}`);
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
