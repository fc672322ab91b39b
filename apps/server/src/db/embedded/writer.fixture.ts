/**
 * Run by embedded.system.test.ts in a child process: starts the embedded PostgreSQL on DATA_DIR, then
 * inserts rows 3 at a time forever, printing "pg <pid>" once and "ack <n>" for every committed row. The
 * test kills it (and, in one round, its PostgreSQL) with SIGKILL and counts what survived.
 */
import pg from 'pg';
import { startEmbeddedDatabase } from './embedded';

const dataDir = process.env.DATA_DIR as string;
const round = process.env.ROUND as string;
const db = await startEmbeddedDatabase({ dataDir, log: () => {} });
const pool = new pg.Pool({ connectionString: db.url, max: 3 });
await pool.query('create table if not exists acked (round text not null, n int not null)');
process.stdout.write(`pg ${db.pid}\n`);
let n = 0;
await Promise.all(
  Array.from({ length: 3 }, async () => {
    for (;;) {
      const mine = n++;
      await pool.query('insert into acked (round, n) values ($1, $2)', [round, mine]);
      process.stdout.write(`ack ${mine}\n`);
    }
  }),
);
