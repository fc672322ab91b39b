import type { APIRequestContext } from '@playwright/test';
import { connectDatabase, type Database } from '../../apps/server/src/db/client';
import { readState } from '../../apps/server/src/db/embedded/cluster-state';
import { TokenService } from '../../apps/server/src/lib/jwt';
import { deriveKey, resolveSecret } from '../../apps/server/src/lib/secrets';
import type { Seed } from '../../apps/server/test/factories/company';

/**
 * The end-to-end run's data, written with the API tests' factories (apps/server/test/factories) straight into
 * the database of the server under test, and sign-in tokens minted as that server signs them, so no spec
 * depends on the demo seed or signs in through the rate-limited form for its setup.
 *
 * The server (playwright.config.ts) runs its embedded PostgreSQL on E2E_PG_PORT in E2E_DATA_DIR; the
 * cluster's password is in DATA_DIR/embedded-pg.json and the server's secret in DATA_DIR/secret.key, both
 * written by the server at its first start.
 */
export function connectSeed(): { seed: Seed; database: Database } {
  const dataDir = process.env.E2E_DATA_DIR;
  const port = process.env.E2E_PG_PORT;
  if (!dataDir || !port) throw new Error('E2E_DATA_DIR and E2E_PG_PORT are set by playwright.config.ts');
  const state = readState(dataDir);
  if (!state) throw new Error(`no embedded PostgreSQL in ${dataDir}: has the server started?`);
  const database = connectDatabase(`postgres://postgres:${state.password}@127.0.0.1:${port}/simcentre`, 2);
  const tokens = new TokenService(deriveKey(resolveSecret(undefined, dataDir), 'jwt'), 8 * 60 * 60);
  return { seed: { db: database.db, deps: { tokens, now: () => new Date() } }, database };
}

/** The session user the web app keeps beside the token, as the server answers it. */
export async function sessionUser(request: APIRequestContext, token: string): Promise<unknown> {
  const response = await request.get('/api/v1/permissions/user-details', {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (response.status() !== 200) throw new Error(`user-details: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { user: unknown }).user;
}
