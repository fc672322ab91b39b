import {
  isoDay,
  type PermissionType,
  resolvePermissions,
  type TaskName,
  type TSessionUser,
  type TUserPermission,
} from '@sim/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, permissions, rolePermissions, roles, tasks, tempRoles, users } from '../../db/schema/index';
import type { Actor } from '../../lib/actor';

export interface UserAccess {
  user: TSessionUser;
  permissions: TUserPermission[];
  actor: Omit<Actor, 'impersonatorId'>;
}

interface AccessRow extends Record<string, unknown> {
  id: string;
  first_name: string;
  last_name: string;
  nick_name: string | null;
  email: string;
  profile_pic_url: string | null;
  is_platform_admin: boolean;
  status: string;
  tokens_valid_after: Date | null;
  company_id: string;
  company_name: string;
  access_version: number;
  role_id: string | null;
  role_name: string | null;
  role_disabled: boolean | null;
  temps: { roleId: string; startDate: string; endDate: string; roleName: string; disabled: boolean }[];
  grants: { roleId: string; permissionId: string; type: string; taskId: string; taskName: string }[];
}

/** What the access hook keeps of a user: the access, what decides whether a token holds, and the version read. */
export interface UserAccessState {
  access: UserAccess;
  status: string;
  tokensValidAfter: Date | null;
  /** companies.access_version read in the same statement as the access */
  accessVersion: number;
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
  return (await loadUserAccessState(db, userId, now, companyId))?.access ?? null;
}

/** `loadUserAccess` in one statement, with the user's token fields and the company's access version. */
export async function loadUserAccessState(
  db: DbOrTx,
  userId: string,
  now: Date,
  companyId?: string,
): Promise<UserAccessState | null> {
  const result = await db.execute<AccessRow>(sql`
    select u.id, u.first_name, u.last_name, u.nick_name, u.email, u.profile_pic_url, u.is_platform_admin,
      u.status, u.tokens_valid_after, u.company_id, c.name as company_name, c.access_version,
      r.id as role_id, r.name as role_name, r.disabled as role_disabled,
      coalesce((
        select json_agg(json_build_object('roleId', t.role_id, 'startDate', t.start_date, 'endDate', t.end_date,
          'roleName', tr.name, 'disabled', tr.disabled) order by t.start_date, t.role_id)
        from ${tempRoles} t join ${roles} tr on tr.id = t.role_id and tr.company_id = u.company_id
        where t.user_id = u.id), '[]') as temps,
      coalesce((
        select json_agg(json_build_object('roleId', rp.role_id, 'permissionId', p.id, 'type', p.type,
          'taskId', tk.id, 'taskName', tk.name) order by tk.name, p.type)
        from ${rolePermissions} rp
          join ${permissions} p on p.id = rp.permission_id
          join ${tasks} tk on tk.id = p.task_id
        where rp.role_id = u.role_id
          or rp.role_id in (select t.role_id from ${tempRoles} t where t.user_id = u.id)), '[]') as grants
    from ${users} u
      join ${companies} c on c.id = u.company_id
      left join ${roles} r on r.id = u.role_id
    where u.id = ${userId} and u.deleted_at is null ${companyId ? sql`and u.company_id = ${companyId}` : sql``}`);
  const row = result.rows[0];
  if (!row) return null;
  const temps = row.temps;
  const grants = row.grants;
  const tokensValidAfter = row.tokens_valid_after === null ? null : new Date(row.tokens_valid_after);
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
    row.role_id ? { disabled: row.role_disabled ?? false, grants: grantsOf(row.role_id) } : null,
    temps.map((t) => ({
      disabled: t.disabled,
      grants: grantsOf(t.roleId),
      startDate: t.startDate,
      endDate: t.endDate,
    })),
    today,
  );

  const list: TUserPermission[] = [];
  if (row.role_id && !row.role_disabled)
    list.push({
      role_id: row.role_id,
      role_name: row.role_name ?? '',
      temporary: false,
      start_date: null,
      end_date: null,
      permission_details: detailsOf(row.role_id),
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

  const roleName = row.role_name ?? '';
  const access: UserAccess = {
    user: {
      _id: row.id,
      first_name: row.first_name,
      last_name: row.last_name,
      nick_name: row.nick_name,
      email_id: row.email,
      role: roleName,
      role_id: row.role_id,
      profile_pic_url: row.profile_pic_url,
      company_id: row.company_id,
      company_name: row.company_name,
      is_platform_admin: row.is_platform_admin,
    },
    permissions: list,
    actor: {
      userId: row.id,
      companyId: row.company_id,
      isPlatformAdmin: row.is_platform_admin,
      permissions: effective,
    },
  };
  return { access, status: row.status, tokensValidAfter, accessVersion: Number(row.access_version) };
}
