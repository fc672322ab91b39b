import {
  EMPLOYEE_TEXTS,
  isoDay,
  type TAddTempRoleRequest,
  type TEmployee,
  type TEmployeeListQuery,
  type TEmployeeTempRole,
  type TFormOptionsResponse,
  type TMinimalEmployeesResponse,
  type TUserPermission,
} from '@sim/shared';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { found, Invalid, NotFound, RuleBroken } from '../../lib/errors';
import {
  assertCanGiveRole as policyCanGiveRole,
  assertCanManageUser as policyCanManageUser,
} from '../../policies/user';
import { recordAudit } from '../audit/service';
import { loadUserAccess } from '../permissions/service';
import {
  companyGroups,
  companyRoles,
  deleteTempRole,
  findEmployee,
  findRole,
  groupsOfUsers,
  listEmployees,
  minimalEmployees,
  roleGrantKeys,
  softDeleteUser,
  tempRolesOfUsers,
  upsertTempRole,
} from './repository';

/** No privilege escalation by a role given (policies/user.ts), on the grants of the role as stored. */
export async function assertCanGiveRole(db: DbOrTx, actor: Actor, roleId: string): Promise<void> {
  policyCanGiveRole(actor, await roleGrantKeys(db, roleId));
}

/** No privilege escalation on a user changed (policies/user.ts), on their effective permissions today. */
async function assertCanManageUser(db: DbOrTx, actor: Actor, userId: string, now: Date): Promise<void> {
  if (userId === actor.userId) return; // oneself: nothing to load
  policyCanManageUser(actor, (await loadUserAccess(db, userId, now, actor.companyId))?.actor);
}

/**
 * For other modules (users-admin, profile): the no-escalation rule of giving a role above, and the look-ups of
 * an employee and a role of the company (null when not of the company).
 */
export { findEmployee, findRole } from './repository';

export async function employeeList(
  deps: AppDeps,
  actor: Actor,
  query: TEmployeeListQuery,
): Promise<{ employees: TEmployee[]; total: number }> {
  const { rows, total } = await listEmployees(deps.db, actor.companyId, query, isoDay(deps.now()));
  return {
    total,
    employees: rows.map((r) => ({
      _id: r.id,
      first_name: r.firstName,
      last_name: r.lastName,
      email: r.email,
      role: r.roleName ?? '',
      role_id: r.roleId,
      status: r.status,
      sub_status: r.subStatus,
      title: r.title,
      phone_number: r.phoneNumber,
      groups: r.groups,
      profile_pic_url: r.profilePicUrl,
      tempRoles: r.tempRoles,
      learner: r.learner,
    })),
  };
}

export async function employeeMinimalData(
  deps: AppDeps,
  actor: Actor,
): Promise<TMinimalEmployeesResponse['employees']> {
  const rows = await minimalEmployees(deps.db, actor.companyId);
  return rows.map((r) => ({
    _id: r.id,
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
    role: r.roleName ?? '',
    profile_pic_url: r.profilePicUrl,
  }));
}

/** Soft delete: the user can no longer sign in (their token stops at once); their email may be reused. */
export async function deleteEmployee(deps: AppDeps, actor: Actor, id: string, ip: string): Promise<void> {
  if (id === actor.userId) throw RuleBroken(EMPLOYEE_TEXTS.cannotDeleteSelfMessage);
  const employee = found(await findEmployee(deps.db, actor.companyId, id));
  await assertCanManageUser(deps.db, actor, employee.id, deps.now());
  await deps.db.transaction(async (tx) => {
    if (!(await softDeleteUser(tx, actor.companyId, employee.id, deps.now()))) throw NotFound();
    await recordAudit(
      tx,
      { companyId: actor.companyId, actorId: actor.userId, ip },
      { type: 'user.delete', userId: employee.id, email: employee.email },
    );
  });
}

export async function formOptions(deps: AppDeps, actor: Actor): Promise<Omit<TFormOptionsResponse, 'success'>> {
  const [roleRows, groupRows] = await Promise.all([
    companyRoles(deps.db, actor.companyId),
    companyGroups(deps.db, actor.companyId),
  ]);
  return {
    roles: roleRows.map((r) => ({ _id: r.id, name: r.name, disabled: r.disabled })),
    groups: groupRows.map((g) => ({ _id: g.id, name: g.name })),
  };
}

export async function employeePermissions(deps: AppDeps, actor: Actor, userId: string): Promise<TUserPermission[]> {
  const access = found(await loadUserAccess(deps.db, userId, deps.now(), actor.companyId));
  return access.permissions;
}

async function tempRolesOf(deps: AppDeps, actor: Actor, userId: string): Promise<TEmployeeTempRole[]> {
  const map = await tempRolesOfUsers(deps.db, actor.companyId, [userId], isoDay(deps.now()));
  return map.get(userId) ?? [];
}

/**
 * The earliest day a temporary role may start: today, where "today" is taken generously (the UTC day of
 * 12 hours ago, the earliest local date on Earth), so that nobody west of UTC is refused their today.
 */
export function earliestStartDay(now: Date): string {
  return isoDay(new Date(now.getTime() - 12 * 60 * 60 * 1000));
}

export async function addTempRole(
  deps: AppDeps,
  actor: Actor,
  userId: string,
  input: TAddTempRoleRequest,
  ip: string,
): Promise<TEmployeeTempRole[]> {
  const startDate = input.startDate.slice(0, 10);
  const endDate = input.endDate.slice(0, 10);
  if (startDate < earliestStartDay(deps.now())) throw Invalid(EMPLOYEE_TEXTS.tempRoleStartPast, 'startDate');
  if (endDate < startDate) throw Invalid(EMPLOYEE_TEXTS.tempRoleEndBeforeStart, 'endDate');
  const employee = found(await findEmployee(deps.db, actor.companyId, userId));
  const role = found(await findRole(deps.db, actor.companyId, input.role));
  if (employee.roleId === role.id) throw RuleBroken(EMPLOYEE_TEXTS.tempRoleIsMainRole);
  await assertCanManageUser(deps.db, actor, employee.id, deps.now());
  await assertCanGiveRole(deps.db, actor, role.id);
  await deps.db.transaction(async (tx) => {
    await upsertTempRole(tx, { userId: employee.id, roleId: role.id, startDate, endDate, createdBy: actor.userId });
    await recordAudit(
      tx,
      { companyId: actor.companyId, actorId: actor.userId, ip },
      { type: 'user.temp_role.add', userId: employee.id, roleId: role.id, roleName: role.name, startDate, endDate },
    );
  });
  return tempRolesOf(deps, actor, employee.id);
}

export async function removeTempRole(
  deps: AppDeps,
  actor: Actor,
  userId: string,
  roleId: string,
  ip: string,
): Promise<TEmployeeTempRole[]> {
  const employee = found(await findEmployee(deps.db, actor.companyId, userId));
  const role = found(await findRole(deps.db, actor.companyId, roleId));
  await deps.db.transaction(async (tx) => {
    if (!(await deleteTempRole(tx, employee.id, role.id))) throw NotFound();
    await recordAudit(
      tx,
      { companyId: actor.companyId, actorId: actor.userId, ip },
      { type: 'user.temp_role.delete', userId: employee.id, roleId: role.id, roleName: role.name },
    );
  });
  return tempRolesOf(deps, actor, employee.id);
}

/** The groups of a user of the company, by name. */
export async function groupsOfUser(deps: AppDeps, companyId: string, userId: string) {
  return (await groupsOfUsers(deps.db, companyId, [userId])).get(userId) ?? [];
}
