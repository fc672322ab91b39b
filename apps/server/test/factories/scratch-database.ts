import pg from 'pg';
import { connectDatabase } from '../../src/db/client';
import { prepareDatabase } from '../../src/db/prepare';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database `name` on the server of `suiteUrl`, migrated; `drop()` removes it. For tests that must
 * not share the suite's database: whole-table counts (the fuzz), job workers polling as in production (the
 * scale-out test).
 */
export async function scratchDatabase(suiteUrl: string, name: string): Promise<ScratchDatabase> {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const admin = new pg.Client({ connectionString: suiteUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(suiteUrl);
  url.pathname = `/${name}`;
  const database = connectDatabase(url.toString(), 2);
  try {
    await prepareDatabase(database);
  } finally {
    await database.close();
  }
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: suiteUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
