import crypto from 'node:crypto';
import { inject } from 'vitest';
import { buildTestApp, type ScratchDatabase, scratchDatabase, type TestContext } from '../factories';

/**
 * The fuzz run's own database, on the API suite's PostgreSQL server: a fresh database made for the run and
 * dropped after it. The fuzz signs in as a platform administrator holding every permission and sends
 * whatever the contracts allow to every route (the platform's settings, other companies' records), and it
 * counts the rows of every table before and after each refused request: on the shared database the other
 * API files write at the same time, so whole-table counts would flake and their companies could be touched.
 */
export type FuzzDatabase = ScratchDatabase;

export function createFuzzDatabase(): Promise<FuzzDatabase> {
  return scratchDatabase(inject('databaseUrl'), `fuzz_${process.pid}_${crypto.randomBytes(4).toString('hex')}`);
}

/** The whole app in-process on the given database, configured as buildTestApp configures it. */
export function buildAppOn(databaseUrl: string): Promise<TestContext> {
  return buildTestApp(
    {
      LOGIN_RATE_LIMIT_MAX: '1000000',
      // the external voice service configured (nothing listens there), as a deployment that uses it: the
      // hand-off routes then queue their jobs, which tests do not run, instead of answering 503 "not configured"
      VOICE_SERVICE_URL: 'http://127.0.0.1:9/voice',
    },
    { databaseUrl },
  );
}
