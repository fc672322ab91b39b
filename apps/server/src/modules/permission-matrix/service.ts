import {
  ADMIN_TEXTS,
  type TMatrixResponse,
  type TSaveRolePermissionsRequest,
  type ZSavePermissionDetailsRequest,
} from '@sim/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { found, Invalid } from '../../lib/errors';
import { assertCanEditTaskDetails } from '../../policies/permission-matrix';
import { assertCanRole } from '../../policies/role';
import { recordAudit } from '../audit/service';
import { companyInScope } from '../roles/service';
import * as repo from './repository';

export async function matrix(deps: AppDeps, actor: Actor, companyId?: string): Promise<TMatrixResponse> {
  const company = await companyInScope(deps.db, actor, companyId);
  const [list, roles] = await Promise.all([repo.loadCatalogue(deps.db), repo.rolesWithPermissions(deps.db, company)]);
  return { success: true, company_id: company, list, roles };
}

/**
 * Tooltip and description of a task. Tasks are shared by every company (the catalogue is global), so
 * only a platform administrator may change them: a company must not edit what another company reads.
 */
export async function savePermissionDetails(
  deps: AppDeps,
  actor: Actor,
  taskId: string,
  body: z.output<typeof ZSavePermissionDetailsRequest>,
) {
  assertCanEditTaskDetails(actor);
  found(await repo.findTask(deps.db, taskId));
  await repo.updateTaskDetails(deps.db, taskId, body.tooltip || null, body.description || null);
  return found(await repo.findTask(deps.db, taskId));
}

/**
 * Replaces the permissions of each listed role. Every role must be of the caller's company (a platform
 * administrator: any company), else 404; every permission id must exist, else 400. One transaction:
 * the change applies on the affected users' next call (access is read on every call).
 */
export async function saveRolePermissions(deps: AppDeps, actor: Actor, body: TSaveRolePermissionsRequest, ip: string) {
  const rows = new Map(
    (
      await repo.rolesByIds(
        deps.db,
        body.permission_data.map((r) => r.role_id),
      )
    ).map((r) => [r.id, r]),
  );
  const roles = body.permission_data.map((row) => {
    const role = rows.get(row.role_id);
    assertCanRole(actor, 'grant', role); // 404 for another company's role (any company: a platform administrator)
    return role;
  });
  const permissionIds = [...new Set(body.permission_data.flatMap((r) => r.permissions))];
  const existing = await repo.existingPermissionIds(deps.db, permissionIds);
  if (existing.size !== permissionIds.length) throw Invalid(ADMIN_TEXTS.unknownPermission, 'permission_data');
  await deps.db.transaction(async (tx) => {
    for (const [i, row] of body.permission_data.entries()) {
      await repo.replaceRolePermissions(tx, row.role_id, [...new Set(row.permissions)]);
      const role = roles[i];
      await recordAudit(
        tx,
        { companyId: role.companyId, actorId: actor.userId, ip },
        {
          type: 'role.permissions.save',
          roleId: row.role_id,
          name: role.name,
          permissionCount: row.permissions.length,
        },
      );
    }
  });
}
