/**
 * kill -9 of the real server during a loop of writes, five times, restarting each time: is every write
 * the server acknowledged still there? Odd rounds kill the server process only (its PostgreSQL is left
 * running and stopped by the next start); even rounds also kill PostgreSQL (crash recovery at the next
 * start). Writes: Demo Health's admin creates roles, 3 at a time, over HTTP. Prints the counts.
 *   npm run bench:db:crash
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { api, embeddedPgUrl, freePort, query, signIn, startServer, tempDataDir } from './server-process';

const ROUNDS = 5;

async function main() {
  const dataDir = tempDataDir('sim-bench-crash-');
  const [port, pgPort] = [await freePort(), await freePort()];
  const acknowledged: string[] = [];
  const rows: string[] = [];
  try {
    for (let round = 1; round <= ROUNDS + 1; round++) {
      const server = startServer({ dataDir, port, pgPort, env: { SEED_DEMO: 'true' } });
      const startMs = await server.ready;
      const pgUrl = embeddedPgUrl(dataDir, pgPort);
      const found = new Set(
        (await query<{ name: string }>(pgUrl, "select name from roles where name like 'Crash %'")).map((r) => r.name),
      );
      const lost = acknowledged.filter((n) => !found.has(n)).length;
      if (round > 1)
        rows.push(
          `${String(round - 1).padStart(5)}  ${(round - 1) % 2 === 0 ? 'server + pg ' : 'server      '}  ${String(acknowledged.length).padStart(12)}  ${String(found.size).padStart(8)}  ${String(lost).padStart(4)}  ${(startMs / 1000).toFixed(1).padStart(9)} s`,
        );
      if (round > ROUNDS) {
        server.proc.kill('SIGTERM');
        await server.exited;
        break;
      }
      const token = await signIn(server.url, 'admin@demo.local');
      let stop = false;
      const writers = Array.from({ length: 3 }, async () => {
        while (!stop) {
          const name = `Crash ${round} ${crypto.randomUUID().slice(0, 8)}`;
          try {
            const r = await api(server.url, 'POST', '/api/v1/roles', { token, body: { name } });
            if (r.status === 200) acknowledged.push(name);
          } catch {
            /* the connection died with the server: not acknowledged */
          }
        }
      });
      await new Promise((r) => setTimeout(r, 1000 + Math.random() * 2000));
      const postmaster = Number(fs.readFileSync(`${dataDir}/pgdata/postmaster.pid`, 'utf8').split('\n')[0]);
      server.proc.kill('SIGKILL');
      if (round % 2 === 0) process.kill(postmaster, 'SIGKILL');
      await server.exited;
      stop = true;
      await Promise.all(writers);
    }
    console.log(`kill -9 during writes (3 at a time), ${ROUNDS} rounds, restarting each time`);
    console.log('round  killed        acknowledged  in the db  lost  next start');
    for (const r of rows) console.log(r);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
