import {
  DEFAULT_TICKET_FILTERS,
  HELPDESK_LIMITS as L,
  HELPDESK_MESSAGES as M,
  seesOnlyOwnTickets,
  type TicketSortKey,
  type TTicket,
  type TTicketListRequest,
  type TTicketListResponse,
  type ZCreateTicketRequest,
  type ZTicketListQuery,
} from '@sim/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { Conflict, RuleBroken } from '../../lib/errors';
import { assertCanTicketAction } from '../../policies/helpdesk';
import { auditSourceOf, recordAudit } from '../audit/service';
import { resolveContext } from './context';
import { ticketDetail } from './detail';
import { listTickets, ticketStats } from './list-query';
import * as repo from './repository';
import { toTicket } from './shape';
import { claimUploads, storedUpload } from './uploads';

export { addAttachment, deleteAttachment } from './attachments';
export { addEntry, assignees, assignTicket, closeTicket, deleteTicket } from './changes';
export { ticketDetail } from './detail';
export { presignedUrl, receivePut, sweepUnattachedUploads } from './uploads';

/**
 * The helpdesk (administration-and-support.md sections 2 to 8): help requests with their sim context,
 * the ticket list with its stats, a ticket's detail. Changes of a ticket are in changes.ts and
 * attachments.ts, each through `editTicket` (one transaction holding the ticket's row).
 */

type ListQuery = z.output<typeof ZTicketListQuery>;

/** The list's input: the body's values, else the query's (the spec sends page, orderBy and order in both). */
function listInput(query: ListQuery, body: TTicketListRequest) {
  const orderBy = body.orderBy ?? query.orderBy ?? 'createdAt';
  return {
    page: body.page ?? query.page ?? 0,
    limit: body.limit ?? L.pageSize,
    textSearch: body.textSearch ?? '',
    orderBy: (orderBy === 'createdAt' ? 'created_at' : orderBy) as TicketSortKey,
    order: body.order ?? query.order ?? 'desc',
    filters: { ...DEFAULT_TICKET_FILTERS, ...body.filters },
  };
}

/** A page of the tickets the caller sees, each with its first entry, and the chips' stats. */
export async function listTicketPage(
  deps: AppDeps,
  actor: Actor,
  query: ListQuery,
  body: TTicketListRequest,
): Promise<Omit<TTicketListResponse, 'success'>> {
  assertCanTicketAction(actor, 'view');
  const input = listInput(query, body);
  const scope = { companyId: actor.companyId, ownerId: seesOnlyOwnTickets(actor) ? actor.userId : null };
  const [rows, { stats, total }] = await Promise.all([
    listTickets(deps.db, scope, input),
    ticketStats(deps.db, scope, input),
  ]);
  const firsts = new Map(
    (
      await repo.firstEntriesOf(
        deps.db,
        rows.map((r) => r.id),
      )
    ).map((e) => [e.ticketId, e]),
  );
  const tickets = rows.map((r) => {
    const first = firsts.get(r.id);
    return toTicket(deps, actor, r, { entries: first ? [first] : [], attachments: [] });
  });
  return { tickets, stats, total };
}

/**
 * Asks for help: a PENDING ticket numbered in the company, its first entry, and the attachments uploaded for
 * it (ticket_attachments create; at most L.maxAttachments, each an upload of the caller's, 422 / 400).
 */
export async function createTicket(
  deps: AppDeps,
  actor: Actor,
  body: z.output<typeof ZCreateTicketRequest>,
): Promise<TTicket> {
  assertCanTicketAction(actor, 'create');
  const files = body.attachments;
  if (files.length) assertCanTicketAction(actor, 'attach');
  if (files.length > L.maxAttachments) throw RuleBroken(M.tooManyAttachments);
  const context = await resolveContext(deps.db, actor, body);
  const uploads = new Map<string, Awaited<ReturnType<typeof storedUpload>>>();
  for (const file of files) {
    const upload = await storedUpload(deps, actor, file);
    uploads.set(upload.key, upload);
  }
  const id = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const number = await repo.nextTicketNumber(tx, actor.companyId);
    const ticketId = await repo.insertTicket(tx, {
      companyId: actor.companyId,
      number,
      status: 'PENDING',
      createdById: actor.userId,
      message: body.message,
      page: body.page,
      ...context,
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertEntry(tx, {
      ticketId,
      action: 'create',
      message: body.message,
      createdById: actor.userId,
      createdAt: now,
    });
    // one millisecond apart: the attachments keep the order they were sent in
    for (const [i, u] of [...uploads.values()].entries()) {
      const { row, inserted } = await repo.insertAttachment(tx, {
        ticketId,
        blobKey: u.key,
        fileName: u.fileName,
        fileType: u.fileType,
        fileSize: u.size,
        createdById: actor.userId,
        createdAt: new Date(now.getTime() + i),
      });
      if (!inserted && row.ticketId !== ticketId) throw Conflict(M.attachmentElsewhere);
    }
    await claimUploads(deps, tx, [...uploads.keys()]);
    await recordAudit(tx, auditSourceOf(actor), { type: 'ticket.create', ticketId, number });
    return ticketId;
  });
  return ticketDetail(deps, actor, id);
}
