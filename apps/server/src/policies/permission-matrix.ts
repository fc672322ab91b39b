import { ADMIN_TEXTS } from '@sim/shared';
import type { Actor } from '../lib/actor';
import { Forbidden } from '../lib/errors';

/**
 * The permission matrix's own texts (a task's tooltip and description, administration-and-support.md section
 * 3): the same for every company, so only a platform administrator edits them (403 with the matrix's tooltip
 * otherwise). Granting a role its permissions is `assertCanRole(actor, 'grant', role)`.
 */
export function assertCanEditTaskDetails(actor: Pick<Actor, 'isPlatformAdmin'>): void {
  if (!actor.isPlatformAdmin) throw Forbidden(ADMIN_TEXTS.tooltipPlatformOnly);
}
