import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../src/db/client';
import { startEmbeddedDatabase } from '../src/db/embedded/embedded';
import { prepareDatabase } from '../src/db/prepare';
import './factories/provided';

/**
 * One database for the API suite: a real PostgreSQL server when TEST_DATABASE_URL is set (.ci/run makes
 * a fresh one), otherwise a throwaway embedded PostgreSQL cluster in a temporary folder (fsync off),
 * removed at the end. Tests isolate by creating their own companies, never by truncating.
 */
export default async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  if (!url) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-api-pg-'));
    fs.chmodSync(dataDir, 0o755); // reachable by the postgres user when the suite runs as root
    const embedded = await startEmbeddedDatabase({ dataDir, maxConnections: 400, durable: false });
    url = embedded.url;
    stop = async () => {
      await embedded.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const database = connectDatabase(url, 2);
  await prepareDatabase(database);
  await database.close();
  project.provide('databaseUrl', url);
  return async () => {
    await stop?.();
  };
}
