import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// A fresh data folder per run. Workers load this file too: they reuse the runner's folder via the env.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'simcentre-e2e-'));
// The embedded PostgreSQL's port: the specs seed their data there with the test factories (tests/seed.ts).
process.env.E2E_PG_PORT ??= String(port + 1);

/**
 * The specs that read or change the demo company (its seeded counts, its employees, its users' sign-in) run one
 * at a time in their own project; every other spec builds its own company and runs beside them, two files at
 * once (one per core: the server's grading has the rest). E2E_WORKERS overrides the count.
 */
const DEMO_COMPANY_SPECS = /(demo-data|layout|sign-in)\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests',
  workers: Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: false,
  projects: [
    { name: 'demo-company', testMatch: DEMO_COMPANY_SPECS, workers: 1 },
    { name: 'own-company', testIgnore: DEMO_COMPANY_SPECS },
  ],
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // SERVER_OUT_DIR: a private server build (apps/server/build.mjs); WEB_DIST passes through the environment
    command: `node ../apps/server/${process.env.SERVER_OUT_DIR || 'dist'}/main.js`,
    url: `http://127.0.0.1:${port}/api/ready`,
    reuseExistingServer: false,
    timeout: 120_000,
    // SIGTERM, not the default SIGKILL: the server then stops its embedded PostgreSQL (own process group)
    gracefulShutdown: { signal: 'SIGTERM', timeout: 30_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT,
      // demo-data.spec.ts and the sign-in specs check the demo seed; the others build their own data
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  },
});
