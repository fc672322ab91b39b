import type { PermissionType } from '@sim/shared';
import type { Actor } from '../lib/actor';
import { type CompanyRecord, type MaybeRecord, requireCompany, requirePermission } from './core';

export type SimAction = PermissionType;

/**
 * Sims: the action needs the same sim_list permission (403); the sim must be of the caller's company (404).
 *
 *   const sim = await findActiveSim(deps.db, actor, simId); // company-scoped, null when absent
 *   assertCanSim(actor, 'update', sim);                       // 403, then 404; `sim` is a SimRow from here
 *
 * Without a sim (a create, or before `editSim` loads and locks it): the permission only.
 */
export function assertCanSim(actor: Actor, action: SimAction): void;
export function assertCanSim<R extends CompanyRecord>(
  actor: Actor,
  action: SimAction,
  sim: R | null | undefined,
): asserts sim is R;
export function assertCanSim(actor: Actor, action: SimAction, ...sim: MaybeRecord<CompanyRecord>): void {
  requirePermission(actor, 'sim_list', action);
  if (sim.length) requireCompany(actor, sim[0]);
}
