import { EMPLOYEE_TEXTS } from '@sim/shared';
import type { DbOrTx } from '../../db/client';
import type { Actor } from '../../lib/actor';
import { Forbidden } from '../../lib/errors';
import { holdsAll } from '../../policies/core';
import { loadUserAccess } from '../permissions/service';
import { roleGrantKeys } from './repository';

/**
 * No privilege escalation through the employee screens: a caller may give a role (main or temporary)
 * only when they hold every permission it grants, and may change, delete or re-role a user only when
 * they hold every permission that user holds. Without it, employee_list update alone would let a
 * manager make themselves (or a friend) an administrator, or take over an administrator's account.
 * The same rule guards "Login as agent" and the user form's updates in `policies/user.ts`.
 */
export async function assertCanGiveRole(db: DbOrTx, actor: Actor, roleId: string): Promise<void> {
  if (!holdsAll(actor, await roleGrantKeys(db, roleId))) throw Forbidden(EMPLOYEE_TEXTS.noEscalationRole);
}

export async function assertCanManageUser(db: DbOrTx, actor: Actor, userId: string, now: Date): Promise<void> {
  if (userId === actor.userId) return; // oneself: nothing more than one already has
  const target = await loadUserAccess(db, userId, now, actor.companyId);
  if (target && !holdsAll(actor, target.actor.permissions)) throw Forbidden(EMPLOYEE_TEXTS.noEscalationUser);
}
