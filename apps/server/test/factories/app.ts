import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { connectDatabase, type Db } from '../../src/db/client';
import type { AppDeps } from '../../src/deps';
import { createDeps } from '../../src/runtime';
import './provided';

/** The JWT secret of every test app: tokens minted by one test app are accepted by another. */
export const TEST_JWT_SECRET = 'test-secret-0123456789-0123456789-0123456789';

export interface TestContext {
  app: Awaited<ReturnType<typeof buildApp>>;
  deps: AppDeps;
  db: Db;
  close(): Promise<void>;
}

/** The whole app in-process on the suite's database (or `databaseUrl`); env overrides the test configuration. */
export async function buildTestApp(
  env: Record<string, string> = {},
  opts: { webDist?: string; deps?: Partial<AppDeps>; databaseUrl?: string } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    LOGIN_RATE_LIMIT_MAX: '1000',
    // every test signs in from 127.0.0.1 on one shared database: the address limit is tested on its own
    AUTH_ADDRESS_FAILURES_MAX: '1000000',
    PUBLIC_URL: 'http://app.test',
    ...env,
  });
  const database = connectDatabase(opts.databaseUrl ?? inject('databaseUrl'), 3);
  const deps = createDeps(config, database.db, opts.deps);
  const app = await buildApp(deps, { webDist: opts.webDist });
  await app.ready();
  return {
    app,
    deps,
    db: database.db,
    async close() {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
