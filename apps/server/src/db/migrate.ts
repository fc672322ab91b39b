import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client';

export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (const candidate of [path.join(here, 'drizzle'), path.join(here, '../../drizzle'), path.join(here, '../drizzle')])
    if (fs.existsSync(path.join(candidate, 'meta/_journal.json'))) return candidate;
  throw new Error('The migrations folder was not found.');
}

const MIGRATION_LOCK = 7_342_001;

/** Runs the versioned SQL migrations, one instance at a time (advisory lock on PostgreSQL). */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await migrate(database.db, { migrationsFolder: migrationsFolder() });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}
