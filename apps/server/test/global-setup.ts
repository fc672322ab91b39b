import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../src/db/client';
import { startEmbeddedDatabase } from '../src/db/embedded/embedded';
import { prepareDatabase } from '../src/db/prepare';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

/**
 * One database for the API suite: a real PostgreSQL server when TEST_DATABASE_URL is set (.ci/run makes
 * a fresh one), otherwise the embedded PGlite process in memory. Tests isolate by creating their own
 * companies, never by truncating.
 */
export default async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  let stop: (() => Promise<void>) | undefined;
  if (!url) {
    const embedded = await startEmbeddedDatabase({ dataDir: null, maxConnections: 60 });
    url = embedded.url;
    stop = embedded.stop;
  }
  const database = connectDatabase(url, 2);
  await prepareDatabase(database);
  await database.close();
  project.provide('databaseUrl', url);
  return async () => {
    await stop?.();
  };
}
