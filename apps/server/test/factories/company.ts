import { type Grant, permissionKey, ROLE_NAMES } from '@sim/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import { groupMembers, groups, rolePermissions, roles, users } from '../../src/db/schema/index';
import type { TokenService } from '../../src/lib/jwt';
import { hashPassword } from '../../src/lib/password';
import { createCompanyWithDefaultRoles } from '../../src/modules/companies/service';
import { permissionIdsByKey } from '../../src/modules/permissions/catalogue';
import { type AppContext, type Caller, caller } from './caller';
import { PASSWORD, unique } from './values';

/**
 * What the builders need: the database, and for sign-in tokens the app's token service and clock. A
 * TestContext is one; an end-to-end run makes one for the server it started (e2e/tests/seed.ts).
 */
export interface DbSeed {
  db: Db;
}
export interface Seed extends DbSeed {
  deps: { tokens: TokenService; now(): Date };
}

export interface TestCompany {
  companyId: string;
  roleIds: Record<string, string>;
  name: string;
}
export type TestUser = typeof users.$inferSelect & { password: string };
export type TestGroup = typeof groups.$inferSelect;

let defaultHash: Promise<string> | undefined;

/** A company with its default roles and their default permissions. */
export async function buildCompany(seed: DbSeed, name = unique('Company')): Promise<TestCompany> {
  const { companyId, roleIds } = await createCompanyWithDefaultRoles(seed.db, name);
  return { companyId, roleIds, name };
}

/** A user of the company holding one of its roles (an agent unless told), with the password PASSWORD. */
export async function buildUser(
  seed: DbSeed,
  company: Pick<TestCompany, 'companyId' | 'roleIds'>,
  opts: {
    role?: string;
    email?: string;
    password?: string;
    platformAdmin?: boolean;
    firstName?: string;
    lastName?: string;
  } = {},
): Promise<TestUser> {
  const role = opts.role ?? ROLE_NAMES.agent;
  const email = opts.email ?? `${unique(role.replace(/\s+/g, '-'))}@example.test`.toLowerCase();
  defaultHash ??= hashPassword(PASSWORD);
  const hash = opts.password ? await hashPassword(opts.password) : await defaultHash;
  const [user] = await seed.db
    .insert(users)
    .values({
      companyId: company.companyId,
      firstName: opts.firstName ?? 'Test',
      lastName: opts.lastName ?? role,
      email,
      passwordHash: hash,
      roleId: company.roleIds[role],
      isPlatformAdmin: opts.platformAdmin ?? false,
    })
    .returning();
  return { ...user, password: opts.password ?? PASSWORD };
}

/** A sign-in token of the user, as the sign-in route would issue it (no sign-in, so no rate limit). */
export async function tokenFor(
  seed: Seed,
  user: { id: string; companyId: string },
  opts: { impersonatorId?: string } = {},
): Promise<string> {
  const claims = { sub: user.id, cid: user.companyId, act: opts.impersonatorId };
  return (await seed.deps.tokens.sign(claims, seed.deps.now())).token;
}

/** The id of the company's role of that name. */
export async function roleId(seed: DbSeed, companyId: string, name: string): Promise<string> {
  const [r] = await seed.db
    .select()
    .from(roles)
    .where(and(eq(roles.companyId, companyId), eq(roles.name, name)));
  return r.id;
}

/** A role of the company holding exactly these grants; answers its id. */
export async function buildRole(
  seed: DbSeed,
  company: Pick<TestCompany, 'companyId'>,
  grants: readonly Grant[],
  name = unique('custom'),
): Promise<string> {
  const [role] = await seed.db.insert(roles).values({ companyId: company.companyId, name }).returning({ id: roles.id });
  if (grants.length) {
    const ids = await permissionIdsByKey(seed.db);
    await seed.db
      .insert(rolePermissions)
      .values(grants.map((g) => ({ roleId: role.id, permissionId: ids.get(permissionKey(g.task, g.type))! })));
  }
  return role.id;
}

/** A group of the company, with an owner and members when given. */
export async function buildGroup(
  seed: DbSeed,
  company: Pick<TestCompany, 'companyId'>,
  values: { name?: string; ownerId?: string; members?: string[]; description?: string } = {},
): Promise<TestGroup> {
  const [group] = await seed.db
    .insert(groups)
    .values({
      companyId: company.companyId,
      name: values.name ?? unique('Group'),
      description: values.description ?? null,
      ownerId: values.ownerId ?? null,
    })
    .returning();
  if (values.members?.length)
    await seed.db.insert(groupMembers).values(values.members.map((userId) => ({ groupId: group.id, userId })));
  return group;
}

export interface StaffOptions {
  /** the administrator is also a platform administrator (sees every company) */
  platformAdmin?: boolean;
  /** an account owner, Olive */
  owner?: boolean;
  /** a second agent, Bruno */
  agent2?: boolean;
  /** a group ("Cohort-…") holding the agent */
  cohort?: boolean;
}
/** The users of a staffed company: one of each role below, and the ones the options ask for. */
export type StaffKey<O extends StaffOptions = StaffOptions> =
  | 'admin'
  | 'manager'
  | 'supervisor'
  | 'agent'
  | (O extends { owner: true } ? 'owner' : never)
  | (O extends { agent2: true } ? 'agent2' : never);

export interface Staff<O extends StaffOptions = StaffOptions> {
  company: TestCompany;
  users: Record<StaffKey<O>, TestUser>;
  /** a ready bearer token of each user */
  tokens: Record<StaffKey<O>, string>;
  group: O extends { cohort: true } ? TestGroup : undefined;
}
/** A staffed company with a caller per user (`as.admin.get(url)`) and `as.nobody`, signed out. */
export interface StaffedCompany<O extends StaffOptions = StaffOptions> extends Staff<O> {
  as: Record<StaffKey<O> | 'nobody', Caller>;
}

const STAFF = [
  ['admin', ROLE_NAMES.admin, 'Ada'],
  ['owner', ROLE_NAMES.accountOwner, 'Olive'],
  ['manager', ROLE_NAMES.manager, 'Marco'],
  ['supervisor', ROLE_NAMES.supervisor, 'Sofia'],
  ['agent', ROLE_NAMES.agent, 'Alex'],
  ['agent2', ROLE_NAMES.agent, 'Bruno'],
] as const;

/**
 * A company with its default roles and one user of each (Ada admin, Marco manager, Sofia supervisor, Alex
 * agent; Olive account owner and Bruno a second agent when asked; last name = role), written straight to the
 * database, each with a ready token. Given a test app, each user also gets a caller.
 */
export async function buildStaffedCompany<const O extends StaffOptions = StaffOptions>(
  ctx: Seed & AppContext,
  opts?: O,
): Promise<StaffedCompany<O>>;
export async function buildStaffedCompany<const O extends StaffOptions = StaffOptions>(
  seed: Seed,
  opts?: O,
): Promise<Staff<O>>;
export async function buildStaffedCompany(seed: Seed | (Seed & AppContext), opts: StaffOptions = {}) {
  const company = await buildCompany(seed);
  const people: Record<string, TestUser> = {};
  for (const [key, role, firstName] of STAFF) {
    if ((key === 'owner' && !opts.owner) || (key === 'agent2' && !opts.agent2)) continue;
    people[key] = await buildUser(seed, company, {
      role,
      firstName,
      platformAdmin: key === 'admin' && opts.platformAdmin,
    });
  }
  const group = opts.cohort
    ? await buildGroup(seed, company, { name: unique('Cohort'), members: [people.agent.id] })
    : undefined;
  const tokens: Record<string, string> = {};
  for (const [key, user] of Object.entries(people)) tokens[key] = await tokenFor(seed, user);
  const staff = { company, users: people, tokens, group };
  if (!('app' in seed)) return staff;
  const as: Record<string, Caller> = { nobody: caller(seed, null) };
  for (const [key, token] of Object.entries(tokens)) as[key] = caller(seed, token);
  return { ...staff, as };
}

/** A role holding exactly these grants, and a user holding it, with a token and a caller. */
export async function userWithGrants(
  ctx: Seed & AppContext,
  company: Pick<TestCompany, 'companyId' | 'roleIds'>,
  grants: readonly Grant[],
) {
  const id = await buildRole(ctx, company, grants);
  const user = await buildUser(ctx, { ...company, roleIds: { ...company.roleIds, custom: id } }, { role: 'custom' });
  const token = await tokenFor(ctx, user);
  return { user, roleId: id, token, as: caller(ctx, token) };
}

/** The permission ids a role holds, sorted. */
export async function rolePermissionIds(seed: DbSeed, id: string): Promise<string[]> {
  const rows = await seed.db
    .select({ id: rolePermissions.permissionId })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, id));
  return rows.map((r) => r.id).sort();
}
