/**
 * A fresh database per run on the machine's PostgreSQL (BENCH_PG_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped at the end whatever happens.
 */
import pg from 'pg';

const BASE = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDb {
  name: string;
  url: string;
  drop(): Promise<void>;
}

export async function createScratchDb(): Promise<ScratchDb> {
  const name = `sim_bench_jobs_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(BASE);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    name,
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

export async function serverFacts(url: string): Promise<{ version: string; settings: Record<string, string> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      "select name, setting from pg_settings where name in ('server_version', 'max_connections', 'shared_buffers', 'synchronous_commit')",
    );
    const settings = Object.fromEntries(rows.map((r) => [r.name, r.setting]));
    return { version: settings.server_version ?? '?', settings };
  } finally {
    await client.end();
  }
}
