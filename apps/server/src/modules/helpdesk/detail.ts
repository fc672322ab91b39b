import type { TTicket } from '@sim/shared';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { holds } from '../../policies/core';
import { assertCanTicket } from '../../policies/helpdesk';
import * as repo from './repository';
import { toTicket } from './shape';

/**
 * A ticket the caller sees, whole: every entry (with ticket_entries view; the request alone without it),
 * every attachment (with ticket_attachments view), the script's clip and the learner's recording of it.
 */
export async function ticketDetail(deps: AppDeps, actor: Actor, id: string): Promise<TTicket> {
  const row = await repo.findTicketView(deps.db, actor.companyId, id);
  assertCanTicket(actor, 'view', row);
  const [entries, attachments, recordedLineId] = await Promise.all([
    repo.entriesOf(deps.db, row.id),
    holds(actor, 'ticket_attachments', 'view') ? repo.attachmentsOf(deps.db, row.id) : Promise.resolve([]),
    row.attemptId && row.scriptId ? repo.recordedLine(deps.db, row.attemptId, row.scriptId) : Promise.resolve(null),
  ]);
  const shown = holds(actor, 'ticket_entries', 'view') ? entries : entries.slice(0, 1);
  return toTicket(deps, actor, row, { entries: shown, attachments, recordedLineId });
}
