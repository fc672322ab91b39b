// Creates or drops a database on the PostgreSQL server of the machine, for the API suite in CI.
// Usage: node scripts/pg-test-db.mjs create|drop NAME   (server from PGADMIN_URL, default postgres@127.0.0.1:5432)
import pg from 'pg';

const [action, name] = process.argv.slice(2);
if (!['create', 'drop'].includes(action) || !/^[a-z0-9_]+$/.test(name ?? '')) {
  console.error('usage: pg-test-db.mjs create|drop NAME (lower-case letters, digits, _)');
  process.exit(2);
}
const client = new pg.Client({
  connectionString: process.env.PGADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
});
await client.connect();
try {
  if (action === 'create') await client.query(`create database ${name}`);
  else await client.query(`drop database if exists ${name} with (force)`);
} finally {
  await client.end();
}
