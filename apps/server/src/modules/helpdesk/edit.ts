import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { notifyUsers } from '../notifications/service';
import * as repo from './repository';

/**
 * The one way a ticket changes (CONVENTIONS.md, "the house's own models"): one transaction that locks the
 * ticket's row under the company scope (null when absent or another company's: the policy answers 404),
 * so two changes of one ticket run one after the other and each sees the other's result (a reject racing a
 * resolve finds the ticket already closed: 409).
 */
export function editTicket<T>(
  deps: AppDeps,
  actor: Actor,
  id: string,
  change: (tx: DbOrTx, ticket: repo.TicketRecordRow | null, now: Date) => Promise<T>,
): Promise<T> {
  return deps.db.transaction(async (tx) => change(tx, await repo.lockTicket(tx, actor.companyId, id), deps.now()));
}

/**
 * Tells the ticket's creator and assignee through the bell, in the change's transaction; never the one
 * who acted.
 */
export async function notifyParties(
  tx: DbOrTx,
  actor: Actor,
  parties: { createdById: string | null; assignedToId: string | null },
  message: string,
  now: Date,
) {
  const to = [...new Set([parties.createdById, parties.assignedToId])].filter(
    (id): id is string => id !== null && id !== actor.userId,
  );
  if (to.length) await notifyUsers(tx, { companyId: actor.companyId, message, createdBy: actor.userId, now }, to);
}

/** The name of the one acting, as the notifications say it. */
export const actorName = (tx: DbOrTx, actor: Actor) => repo.userName(tx, actor.userId);
