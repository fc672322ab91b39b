import { isoDay, ROLE_NAMES, type TCreateUserRequest } from '@sim/shared';
import type { Db } from '../src/db/client';
import { groupMembers, groups } from '../src/db/schema/index';
import { bearer, buildCompany, buildUser, login, type TestContext, unique } from './helpers';

/** Fixtures of the employee, user-form and settings tests (issue 4 part A). */

export async function buildGroup(db: Db, companyId: string, name = unique('Group'), memberIds: string[] = []) {
  const [group] = await db.insert(groups).values({ companyId, name }).returning();
  if (memberIds.length)
    await db.insert(groupMembers).values(memberIds.map((userId) => ({ groupId: group.id, userId })));
  return group;
}

/** A company with one user of each default role, their tokens and a group. */
export async function buildStaffedCompany(ctx: TestContext) {
  const company = await buildCompany(ctx.db);
  const admin = await buildUser(ctx.db, company, { role: ROLE_NAMES.admin, firstName: 'Ada' });
  const manager = await buildUser(ctx.db, company, { role: ROLE_NAMES.manager, firstName: 'Marco' });
  const supervisor = await buildUser(ctx.db, company, { role: ROLE_NAMES.supervisor, firstName: 'Sofia' });
  const agent = await buildUser(ctx.db, company, { role: ROLE_NAMES.agent, firstName: 'Alex' });
  const group = await buildGroup(ctx.db, company.companyId, unique('Cohort'), [agent.id]);
  const [adminToken, managerToken, supervisorToken, agentToken] = await Promise.all(
    [admin, manager, supervisor, agent].map((u) => login(ctx, u.email)),
  );
  return {
    ...company,
    admin,
    manager,
    supervisor,
    agent,
    group,
    tokens: { admin: adminToken, manager: managerToken, supervisor: supervisorToken, agent: agentToken },
  };
}
export type StaffedCompany = Awaited<ReturnType<typeof buildStaffedCompany>>;

/** A valid body of POST /api/v1/users/create (every required field). */
export function newUserBody(
  company: { roleIds: Record<string, string> },
  groupId: string,
  overrides: Partial<TCreateUserRequest> = {},
): TCreateUserRequest {
  return {
    first_name: 'Grace',
    last_name: 'Hopper',
    nick_name: 'Amazing',
    title: 'Patient Access Representative',
    email_id: `${unique('grace')}@example.test`.toLowerCase(),
    phone_number: '+1 (555) 123-4567',
    role: company.roleIds[ROLE_NAMES.agent],
    schedule: 'Full time',
    duration: 'Permanent',
    employment: 'Employee',
    workplace: 'WAH',
    joined_company: 'New hire',
    groups: [groupId],
    probation: 'New hire',
    promoted: 'Support',
    outsourcer: 'TTEC',
    ...overrides,
  };
}

/** The day `days` after today (UTC), as YYYY-MM-DD. */
export const dayFromToday = (days: number, from = new Date()) => isoDay(new Date(from.getTime() + days * 86_400_000));

type Method = 'GET' | 'POST';
/** A call with a bearer token (or none). */
export function call(ctx: TestContext, method: Method, url: string, token?: string, payload?: unknown) {
  return ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
