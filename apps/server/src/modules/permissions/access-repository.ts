import {
  isAgentRole,
  isoDay,
  type PermissionType,
  resolvePermissions,
  type TaskName,
  type TSessionUser,
  type TUserPermission,
} from '@sim/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, permissions, rolePermissions, roles, tasks, tempRoles, users } from '../../db/schema/index';
import type { Actor } from '../../lib/actor';

export interface UserAccess {
  user: TSessionUser;
  permissions: TUserPermission[];
  actor: Omit<Actor, 'impersonatorId'>;
}

/**
 * Loads a user with their company, role and effective permissions (role + temporary roles active
 * today). Null when the user does not exist, was deleted, or is not of that company.
 */
export async function loadUserAccess(
  db: DbOrTx,
  userId: string,
  now: Date,
  companyId?: string,
): Promise<UserAccess | null> {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      nickName: users.nickName,
      email: users.email,
      profilePicUrl: users.profilePicUrl,
      isPlatformAdmin: users.isPlatformAdmin,
      companyId: users.companyId,
      companyName: companies.name,
      roleId: roles.id,
      roleName: roles.name,
      roleDisabled: roles.disabled,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt), companyId ? eq(users.companyId, companyId) : undefined));
  if (!row) return null;

  const temps = await db
    .select({
      roleId: tempRoles.roleId,
      startDate: tempRoles.startDate,
      endDate: tempRoles.endDate,
      roleName: roles.name,
      disabled: roles.disabled,
    })
    .from(tempRoles)
    .innerJoin(roles, and(eq(roles.id, tempRoles.roleId), eq(roles.companyId, row.companyId)))
    .where(eq(tempRoles.userId, userId));

  const roleIds = [...(row.roleId ? [row.roleId] : []), ...temps.map((t) => t.roleId)];
  const grants = roleIds.length
    ? await db
        .select({
          roleId: rolePermissions.roleId,
          permissionId: permissions.id,
          type: permissions.type,
          taskId: tasks.id,
          taskName: tasks.name,
        })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .innerJoin(tasks, eq(tasks.id, permissions.taskId))
        .where(inArray(rolePermissions.roleId, roleIds))
    : [];
  const detailsOf = (roleId: string) =>
    grants
      .filter((g) => g.roleId === roleId)
      .map((g) => ({
        task_id: g.taskId,
        task_name: g.taskName,
        permission_type: g.type as PermissionType,
        permission_id: g.permissionId,
      }));
  const grantsOf = (roleId: string) =>
    grants
      .filter((g) => g.roleId === roleId)
      .map((g) => ({ task: g.taskName as TaskName, type: g.type as PermissionType }));

  const today = isoDay(now);
  const effective = resolvePermissions(
    row.roleId ? { disabled: row.roleDisabled ?? false, grants: grantsOf(row.roleId) } : null,
    temps.map((t) => ({
      disabled: t.disabled,
      grants: grantsOf(t.roleId),
      startDate: t.startDate,
      endDate: t.endDate,
    })),
    today,
  );

  const list: TUserPermission[] = [];
  if (row.roleId && !row.roleDisabled)
    list.push({
      role_id: row.roleId,
      role_name: row.roleName ?? '',
      temporary: false,
      start_date: null,
      end_date: null,
      permission_details: detailsOf(row.roleId),
    });
  for (const t of temps)
    if (!t.disabled && t.startDate <= today && today <= t.endDate)
      list.push({
        role_id: t.roleId,
        role_name: t.roleName,
        temporary: true,
        start_date: t.startDate,
        end_date: t.endDate,
        permission_details: detailsOf(t.roleId),
      });

  const roleName = row.roleName ?? '';
  return {
    user: {
      _id: row.id,
      first_name: row.firstName,
      last_name: row.lastName,
      nick_name: row.nickName,
      email_id: row.email,
      role: roleName,
      role_id: row.roleId,
      profile_pic_url: row.profilePicUrl,
      company_id: row.companyId,
      company_name: row.companyName,
      is_platform_admin: row.isPlatformAdmin,
    },
    permissions: list,
    actor: {
      userId: row.id,
      companyId: row.companyId,
      roleName,
      isAgent: isAgentRole(roleName),
      isPlatformAdmin: row.isPlatformAdmin,
      permissions: effective,
    },
  };
}
