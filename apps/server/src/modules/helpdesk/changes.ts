import {
  CLOSE_STATUS_MESSAGES,
  handlesTickets,
  isDeactivatedStatus,
  isoDay,
  HELPDESK_MESSAGES as M,
  HELPDESK_NOTIFICATIONS as N,
  statusAfterWork,
  type TTicket,
  type ZAddTicketEntryRequest,
  type ZAssignTicketRequest,
  type ZCloseTicketRequest,
} from '@sim/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { NotFound, RuleBroken } from '../../lib/errors';
import { assertCanSetTicketStatus, assertCanTicket, assertCanTicketAction } from '../../policies/helpdesk';
import { auditSourceOf, recordAudit } from '../audit/service';
import { ticketDetail } from './detail';
import { actorName, editTicket, notifyParties } from './edit';
import * as repo from './repository';
import { releaseFiles } from './uploads';

/**
 * Replies, status changes, assignment and deletion of a ticket (administration-and-support.md sections 4, 6
 * and 7). Each runs through editTicket (the ticket's row locked), writes its entry, and tells the creator
 * and the assignee through the bell in the same transaction.
 */

type Change = Promise<{ message: string; ticket: TTicket }>;

/**
 * A reply. From someone who handles tickets and did not ask, it starts the work: a PENDING ticket goes IN
 * PROGRESS and, unassigned, is theirs. The reply's sim, level and script fields are the ticket's own and
 * are not read.
 */
export async function addEntry(deps: AppDeps, actor: Actor, body: z.output<typeof ZAddTicketEntryRequest>): Change {
  assertCanTicketAction(actor, 'reply');
  const id = await editTicket(deps, actor, body.ticket_id, async (tx, ticket, now) => {
    assertCanTicket(actor, 'reply', ticket);
    const works = handlesTickets(actor) && ticket.createdById !== actor.userId;
    const assignedToId = works && !ticket.assignedToId ? actor.userId : ticket.assignedToId;
    await repo.insertEntry(tx, {
      ticketId: ticket.id,
      action: 'reply',
      message: body.entry.message,
      createdById: actor.userId,
      createdAt: now,
    });
    await repo.updateTicket(tx, ticket.id, {
      status: works ? statusAfterWork(ticket.status) : ticket.status,
      assignedToId,
      updatedAt: now,
    });
    const text = N.reply(ticket.number, await actorName(tx, actor), body.entry.message);
    await notifyParties(tx, actor, { createdById: ticket.createdById, assignedToId }, text, now);
    return ticket.id;
  });
  return { message: M.updated, ticket: await ticketDetail(deps, actor, id) };
}

/** RESOLVED, REJECTED, CLOSED (while PENDING or IN PROGRESS) or ARCHIVED (once finished), with its message. */
export async function closeTicket(deps: AppDeps, actor: Actor, body: z.output<typeof ZCloseTicketRequest>): Change {
  const id = await editTicket(deps, actor, body.ticket_id, async (tx, ticket, now) => {
    assertCanSetTicketStatus(actor, body.status, ticket);
    await repo.updateTicket(tx, ticket.id, { status: body.status, updatedAt: now });
    await repo.insertEntry(tx, {
      ticketId: ticket.id,
      action: 'status',
      status: body.status,
      message: body.entry?.message ?? '',
      createdById: actor.userId,
      createdAt: now,
    });
    await notifyParties(tx, actor, ticket, N.status(ticket.number, body.status, await actorName(tx, actor)), now);
    await recordAudit(tx, auditSourceOf(actor), {
      type: 'ticket.status',
      ticketId: ticket.id,
      number: ticket.number,
      from: ticket.status,
      to: body.status,
    });
    return ticket.id;
  });
  return { message: CLOSE_STATUS_MESSAGES[body.status], ticket: await ticketDetail(deps, actor, id) };
}

/**
 * Gives an open ticket to someone of the company who handles tickets (holds tickets update today and can
 * sign in; 422 otherwise, 404 for nobody of the company); a PENDING ticket goes IN PROGRESS.
 */
export async function assignTicket(deps: AppDeps, actor: Actor, body: z.output<typeof ZAssignTicketRequest>): Change {
  assertCanTicketAction(actor, 'assign');
  const id = await editTicket(deps, actor, body.ticket_id, async (tx, ticket, now) => {
    assertCanTicket(actor, 'assign', ticket);
    if (!(await repo.findUserInCompany(tx, actor.companyId, body.assigned_to))) throw NotFound(M.notFound);
    const [handler] = await repo.ticketHandlers(tx, actor.companyId, isoDay(now), body.assigned_to);
    if (!handler || isDeactivatedStatus(handler.status)) throw RuleBroken(M.notATrainer);
    if (ticket.assignedToId === handler.id && ticket.status !== 'PENDING') return ticket.id;
    await repo.updateTicket(tx, ticket.id, {
      assignedToId: handler.id,
      status: statusAfterWork(ticket.status),
      updatedAt: now,
    });
    const text = N.assigned(ticket.number, handler.name);
    await repo.insertEntry(tx, {
      ticketId: ticket.id,
      action: 'assign',
      message: text,
      createdById: actor.userId,
      createdAt: now,
    });
    await notifyParties(tx, actor, { createdById: ticket.createdById, assignedToId: handler.id }, text, now);
    await recordAudit(tx, auditSourceOf(actor), {
      type: 'ticket.assign',
      ticketId: ticket.id,
      number: ticket.number,
      assignedToId: handler.id,
    });
    return ticket.id;
  });
  return { message: M.assigned, ticket: await ticketDetail(deps, actor, id) };
}

/** Who tickets can be assigned to: the company's users holding tickets update today who can sign in. */
export async function assignees(deps: AppDeps, actor: Actor) {
  assertCanTicketAction(actor, 'assign');
  const rows = await repo.ticketHandlers(deps.db, actor.companyId, isoDay(deps.now()));
  return rows
    .filter((r) => !isDeactivatedStatus(r.status))
    .map((r) => ({ _id: r.id, full_name: r.name, profile_picture_url: r.pic }));
}

/** Deletes a ticket, its entries and attachments (their files after the commit). Cannot be undone. */
export async function deleteTicket(deps: AppDeps, actor: Actor, ticketId: string): Promise<void> {
  assertCanTicketAction(actor, 'delete');
  const keys = await editTicket(deps, actor, ticketId, async (tx, ticket) => {
    assertCanTicket(actor, 'delete', ticket);
    const files = await repo.attachmentsOf(tx, ticket.id);
    await repo.deleteTicket(tx, ticket.id);
    await recordAudit(tx, auditSourceOf(actor), {
      type: 'ticket.delete',
      ticketId: ticket.id,
      number: ticket.number,
      attachments: files.length,
    });
    return files.map((f) => f.blobKey);
  });
  await releaseFiles(deps, keys);
}
