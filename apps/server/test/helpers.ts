import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROLE_NAMES } from '@sim/shared';
import { and, eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { connectDatabase, type Db } from '../src/db/client';
import { roles, users } from '../src/db/schema/index';
import type { AppDeps } from '../src/deps';
import { hashPassword } from '../src/lib/password';
import { createCompanyWithDefaultRoles } from '../src/modules/companies/service';
import { createDeps } from '../src/runtime';

export const PASSWORD = 'Secret@12345';
let passwordHash: Promise<string> | undefined;

export interface TestContext {
  app: Awaited<ReturnType<typeof buildApp>>;
  deps: AppDeps;
  db: Db;
  close(): Promise<void>;
}

/** The whole app in-process on the suite's database; env overrides the test configuration. */
export async function buildTestApp(
  env: Record<string, string> = {},
  opts: { webDist?: string; deps?: Partial<AppDeps> } = {},
): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sim-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-0123456789-0123456789-0123456789',
    LOGIN_RATE_LIMIT_MAX: '1000',
    // every test signs in from 127.0.0.1 on one shared database: the address limit is tested on its own
    AUTH_ADDRESS_FAILURES_MAX: '1000000',
    PUBLIC_URL: 'http://app.test',
    ...env,
  });
  const database = connectDatabase(inject('databaseUrl'), 3);
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

export const unique = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 8)}`;

export async function buildCompany(db: Db, name = unique('Company')) {
  const { companyId, roleIds } = await createCompanyWithDefaultRoles(db, name);
  return { companyId, roleIds, name };
}

export async function buildUser(
  db: Db,
  company: { companyId: string; roleIds: Record<string, string> },
  opts: { role?: string; email?: string; password?: string; platformAdmin?: boolean; firstName?: string } = {},
) {
  const role = opts.role ?? ROLE_NAMES.agent;
  const email = opts.email ?? `${unique(role.replace(/\s+/g, '-'))}@example.test`.toLowerCase();
  passwordHash ??= hashPassword(PASSWORD);
  const hash = opts.password ? await hashPassword(opts.password) : await passwordHash;
  const [user] = await db
    .insert(users)
    .values({
      companyId: company.companyId,
      firstName: opts.firstName ?? 'Test',
      lastName: role,
      email,
      passwordHash: hash,
      roleId: company.roleIds[role],
      isPlatformAdmin: opts.platformAdmin ?? false,
    })
    .returning();
  return { ...user, password: opts.password ?? PASSWORD };
}

export async function roleId(db: Db, companyId: string, name: string) {
  const [r] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.name, name)));
  return r.id;
}

export async function login(ctx: TestContext, email: string, password = PASSWORD): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/v1/login/', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed for ${email}: ${res.statusCode} ${res.body}`);
  return res.json().token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
