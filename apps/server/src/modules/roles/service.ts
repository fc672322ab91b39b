import { ADMIN_TEXTS, isoDay, type TRole, type TSaveRoleRequest, type ZRoleListQuery } from '@sim/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { Conflict, found, PG_UNIQUE_VIOLATION, pgErrorCode, RuleBroken } from '../../lib/errors';
import { assertCanRole } from '../../policies/role';
import { recordAudit } from '../audit/service';
import { companiesFor, companyInScope, mainRoleIdOf } from './company-scope';
import * as repo from './repository';

/**
 * For other modules (permission-matrix): the company a call acts on, the caller's own unless a platform
 * administrator names another.
 */
export { companyInScope } from './company-scope';

export function listCompanies(deps: AppDeps, actor: Actor) {
  return companiesFor(deps.db, actor);
}

export async function listRoles(deps: AppDeps, actor: Actor, query: z.output<typeof ZRoleListQuery>) {
  const companyId = await companyInScope(deps.db, actor, query.company_id);
  return repo.listRoles(deps.db, companyId, query, isoDay(deps.now()));
}

function nameConflict(err: unknown): never {
  if (pgErrorCode(err) === PG_UNIQUE_VIOLATION) throw Conflict(ADMIN_TEXTS.roleNameTaken, 'name');
  throw err;
}

/**
 * POST /api/v1/roles. Without _id: a new role (roles create), or with duplicate_from a copy of that role
 * of the same company with its permissions. With _id: rename and/or enable/disable (roles update).
 */
export async function saveRole(deps: AppDeps, actor: Actor, body: TSaveRoleRequest): Promise<TRole> {
  assertCanRole(actor, body._id ? 'update' : 'create');
  const companyId = await companyInScope(deps.db, actor, body.company_id);
  const today = isoDay(deps.now());
  const now = deps.now();

  if (body._id) {
    const role = found(await repo.findRole(deps.db, companyId, body._id, today));
    const disabled = body.disabled ?? role.disabled;
    if (disabled && !role.disabled && (await mainRoleIdOf(deps.db, actor.userId)) === role._id)
      throw RuleBroken(ADMIN_TEXTS.ownRoleLocked);
    if (await repo.roleNameTaken(deps.db, companyId, body.name, role._id))
      throw Conflict(ADMIN_TEXTS.roleNameTaken, 'name');
    await repo.updateRole(deps.db, role._id, { name: body.name, disabled, now }).catch(nameConflict);
    return found(await repo.findRole(deps.db, companyId, role._id, today));
  }

  const source = body.duplicate_from
    ? found(await repo.findRole(deps.db, companyId, body.duplicate_from, today))
    : null;
  if (await repo.roleNameTaken(deps.db, companyId, body.name)) throw Conflict(ADMIN_TEXTS.roleNameTaken, 'name');
  const id = await deps.db
    .transaction(async (tx) => {
      const roleId = await repo.insertRole(tx, {
        companyId,
        name: body.name,
        disabled: body.disabled ?? false,
        duplicateFrom: source?._id ?? null,
        now,
      });
      if (source) await repo.copyRolePermissions(tx, source._id, roleId);
      return roleId;
    })
    .catch(nameConflict);
  return found(await repo.findRole(deps.db, companyId, id, today));
}

/**
 * Deletes a role of the caller's company (a platform administrator: of any company). Refused with 409
 * while a user holds it as their role or as a temporary role that has not ended; 422 for one's own role.
 */
export async function deleteRole(deps: AppDeps, actor: Actor, id: string, ip: string) {
  const today = isoDay(deps.now());
  const row = await repo.findRole(deps.db, null, id, today);
  const role = row && { ...row, companyId: row.company_id };
  assertCanRole(actor, 'delete', role); // of the caller's company; any company for a platform administrator
  if ((await mainRoleIdOf(deps.db, actor.userId)) === role._id) throw RuleBroken(ADMIN_TEXTS.ownRoleLocked);
  if (role.users_count > 0) throw Conflict(ADMIN_TEXTS.roleInUse(role.users_count));
  await deps.db.transaction(async (tx) => {
    await repo.deleteRole(tx, role._id);
    await recordAudit(
      tx,
      { companyId: role.companyId, actorId: actor.userId, ip },
      { type: 'role.delete', roleId: role._id, name: role.name },
    );
  });
}
