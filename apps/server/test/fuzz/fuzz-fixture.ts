import { PERMISSION_CATALOGUE, permissionKey, ROLE_NAMES } from '@sim/shared';
import { sql } from 'drizzle-orm';
import { classNotes, notifications, rolePermissions, roles } from '../../src/db/schema/index';
import { permissionIdsByKey } from '../../src/modules/permissions/catalogue';
import {
  buildAssignment,
  buildAttempt,
  buildCompany,
  buildGroup,
  buildUser,
  productId,
  simWithScripts,
  type TestCompany,
  type TestContext,
  type TestUser,
  tokenFor,
  unique,
} from '../factories';
import { buildTicket } from '../factories/helpdesk';
import type { IdPool } from './contract-sample';

/**
 * What the fuzz run signs in as and aims at: a company; a role holding every permission of the catalogue
 * and a platform administrator holding it (so every route's permission is held); real records of every
 * kind a route takes an id of (a sim with its levels, scripts and characters, a learner, a group, a spare
 * role, an assignment and an attempt of the administrator, a ticket, a note, a notification), so that a
 * body's ids lead past "not found" to the field being fuzzed.
 */
export interface FuzzFixture {
  company: TestCompany;
  admin: TestUser;
  token: string;
  /** user:company, the subject of the signed URLs */
  subject: string;
  pool: IdPool;
  everythingRoleId: string;
}

export async function buildFuzzFixture(ctx: TestContext): Promise<FuzzFixture> {
  const company = await buildCompany(ctx, unique('Fuzz'));
  const [role] = await ctx.db
    .insert(roles)
    .values({ companyId: company.companyId, name: unique('everything') })
    .returning({ id: roles.id });
  const permissionIds = await permissionIdsByKey(ctx.db);
  const all = PERMISSION_CATALOGUE.flatMap((p) =>
    p.tasks.flatMap((t) => t.types.map((type) => permissionIds.get(permissionKey(t.name as never, type)))),
  );
  if (!all.every(Boolean)) throw new Error('a permission of the catalogue is not in the database');
  await ctx.db
    .insert(rolePermissions)
    .values(all.map((permissionId) => ({ roleId: role.id, permissionId: permissionId! })));
  company.roleIds = { ...company.roleIds, everything: role.id };
  const admin = await buildUser(ctx, company, { role: 'everything', platformAdmin: true });
  const learner = await buildUser(ctx, company, { role: ROLE_NAMES.agent });
  const spareRole = await ctx.db
    .insert(roles)
    .values({ companyId: company.companyId, name: unique('spare') })
    .returning({ id: roles.id });
  const group = await buildGroup(ctx, company, { members: [learner.id], ownerId: admin.id });
  const { simId, levelId, sim } = await simWithScripts(ctx, admin);
  const script = sim.levels[0].scripts[0];
  const assignment = await buildAssignment(ctx, {
    companyId: company.companyId,
    simId,
    userId: admin.id,
    status: 'IN PROGRESS',
  });
  const attempt = await buildAttempt(ctx, {
    companyId: company.companyId,
    assignmentId: assignment.id,
    userId: admin.id,
    simId,
    simLevelId: levelId,
  });
  const ticket = await buildTicket(ctx, { companyId: company.companyId, createdById: admin.id });
  const [note] = await ctx.db
    .insert(classNotes)
    .values({ companyId: company.companyId, userId: admin.id, simId, notes: 'a note' })
    .returning({ id: classNotes.id });
  const [notification] = await ctx.db
    .insert(notifications)
    .values({ companyId: company.companyId, message: 'hello', createdBy: admin.id })
    .returning({ id: notifications.id });
  const pool: IdPool = {
    sim: simId,
    level: levelId,
    script: script._id,
    character: sim.sim_characters[0]._id ?? simId,
    user: learner.id,
    company: company.companyId,
    role: spareRole[0].id,
    group: group.id,
    assignment: assignment.id,
    attempt: attempt.id,
    ticket: ticket.id,
    note: note.id,
    notification: notification.id,
    product: await productId(ctx, 'Training SIM'),
    permission: all[0]!,
    self: admin.id,
  };
  return {
    company,
    admin,
    token: await tokenFor(ctx, admin),
    subject: `${admin.id}:${company.companyId}`,
    pool,
    everythingRoleId: role.id,
  };
}

/**
 * True while the records the fuzz aims at are all there (a route may delete them: a sim trashed, a level,
 * script, assignment, ticket or note deleted, the learner deleted): checked after each route, and the
 * fixture is built again when one is gone, so that the next routes still reach past "not found".
 */
export async function fixtureIntact(ctx: TestContext, fx: FuzzFixture): Promise<boolean> {
  const p = fx.pool;
  const result = await ctx.db.execute<{ ok: boolean }>(sql`select
    exists(select 1 from sims where id = ${p.sim} and deleted_at is null)
    and exists(select 1 from sim_levels where id = ${p.level})
    and exists(select 1 from sim_scripts where id = ${p.script})
    and exists(select 1 from sim_characters where id = ${p.character})
    and exists(select 1 from users where id = ${p.user} and deleted_at is null)
    and exists(select 1 from roles where id = ${p.role})
    and exists(select 1 from groups where id = ${p.group})
    and exists(select 1 from assignments where id = ${p.assignment})
    and exists(select 1 from attempts where id = ${p.attempt})
    and exists(select 1 from helpdesk_tickets where id = ${p.ticket})
    and exists(select 1 from class_notes where id = ${p.note})
    and exists(select 1 from notifications where id = ${p.notification}) as ok`);
  return result.rows[0]?.ok === true;
}
