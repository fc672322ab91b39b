import {
  canChangeTicketStatus,
  isOpenTicket,
  isTicketParty,
  HELPDESK_MESSAGES as M,
  mayAttachToTicket,
  mayCloseTickets,
  mayDetachFromTicket,
  mayReplyToTicket,
  mayReplyToTickets,
  type PermissionType,
  seesOnlyOwnTickets,
  type TaskName,
  type TicketCloseStatus,
  type TicketFacts,
} from '@sim/shared';
import type { Actor } from '../lib/actor';
import { Conflict, Forbidden, NotFound } from '../lib/errors';
import { type CompanyRecord, requirePermission } from './core';

/**
 * Helpdesk tickets (administration-and-support.md sections 4 and 6, DECISIONS.md section 2). Who may do what,
 * decided by permissions and the ticket, never by a role's name:
 * - see a ticket (tickets view): a learner's account (no Admin task) only the tickets it created or is
 *   assigned; other accounts every ticket of their company. Anything else answers 404, as a missing id;
 * - ask for help (tickets create); attachments sent with it need ticket_attachments create;
 * - reply: whoever handles tickets (tickets update), or the ticket's creator or assignee holding
 *   ticket_entries create (a learner answering the trainer); only while PENDING or IN PROGRESS (409);
 * - resolve, reject (tickets update) only while PENDING or IN PROGRESS; close needs update and delete
 *   (section 6: "close row action needs update and delete"); archive a RESOLVED, REJECTED or CLOSED one.
 *   Refused transitions answer 409 with the reason;
 * - assign (tickets update) an open ticket; delete (tickets delete) any ticket the caller sees;
 * - add an attachment (ticket_attachments create) to an open ticket: whoever handles tickets, its creator or
 *   assignee; remove one (ticket_attachments delete): its uploader or whoever handles tickets.
 * The rules themselves are shared with the web (@sim/shared helpdesk/rules.ts); this file asserts them, with
 * the status and message of each refusal. Pure functions, like every policy.
 */

export type TicketAction = 'view' | 'reply' | 'assign' | 'delete' | 'attach' | 'detach';

export interface TicketRecord extends CompanyRecord, TicketFacts {}

const gone = () => NotFound(M.notFound);

function requireVisible<R extends TicketRecord>(actor: Actor, ticket: R | null | undefined): asserts ticket is R {
  if (!ticket || ticket.companyId !== actor.companyId) throw gone();
  if (seesOnlyOwnTickets(actor) && !isTicketParty(actor, ticket)) throw gone();
}

function requireOpen(ticket: TicketRecord, what: string) {
  if (!isOpenTicket(ticket.status)) throw Conflict(M.notOpen(ticket.status, what));
}

/** The permission pair of each action but a reply (whose rule is its own). */
const ACTION_PERMISSION: Record<Exclude<TicketAction, 'reply'> | 'create', [TaskName, PermissionType]> = {
  view: ['tickets', 'view'],
  create: ['tickets', 'create'],
  assign: ['tickets', 'update'],
  delete: ['tickets', 'delete'],
  attach: ['ticket_attachments', 'create'],
  detach: ['ticket_attachments', 'delete'],
};

/** The permission a kind of action needs before any ticket is read (403). */
export function assertCanTicketAction(actor: Actor, action: TicketAction | 'create'): void {
  if (action === 'reply') {
    if (!mayReplyToTickets(actor)) throw Forbidden(M.cannotReply);
    return;
  }
  const [task, type] = ACTION_PERMISSION[action];
  requirePermission(actor, task, type);
}

/** The action on this ticket (the rules above): 403 permission, 404 not seen, 403 not theirs, 409 not open. */
export function assertCanTicket<R extends TicketRecord>(
  actor: Actor,
  action: TicketAction,
  ticket: R | null | undefined,
  opts: { uploadedById?: string | null } = {},
): asserts ticket is R {
  assertCanTicketAction(actor, action);
  requireVisible(actor, ticket);
  if (action === 'reply') {
    if (!mayReplyToTicket(actor, ticket)) throw Forbidden(M.cannotReply);
    requireOpen(ticket, 'messages can be added');
  } else if (action === 'assign') requireOpen(ticket, 'it can be assigned');
  else if (action === 'attach') {
    if (!mayAttachToTicket(actor, ticket)) throw Forbidden(M.cannotAttach);
    requireOpen(ticket, 'attachments can be added');
  } else if (action === 'detach' && !mayDetachFromTicket(actor, opts.uploadedById)) throw Forbidden(M.cannotDetach);
}

/** A status change through the close call: the permission (403), the ticket (404), the transition (409). */
export function assertCanSetTicketStatus<R extends TicketRecord>(
  actor: Actor,
  to: TicketCloseStatus,
  ticket: R | null | undefined,
): asserts ticket is R {
  requirePermission(actor, 'tickets', 'update');
  if (to === 'CLOSED' && !mayCloseTickets(actor)) throw Forbidden(M.closeNeedsDelete);
  requireVisible(actor, ticket);
  if (!canChangeTicketStatus(ticket.status, to)) throw Conflict(M.statusRefused(ticket.status, to));
}

/**
 * A help request names an assignment as its context (section 4): one of the caller's company, and for a
 * learner's account only their own (404 otherwise, as for a missing id).
 */
export function assertCanNameAssignment<R extends { learnerId: string }>(
  actor: Actor,
  assignment: R | null | undefined,
): asserts assignment is R {
  if (!assignment || (seesOnlyOwnTickets(actor) && assignment.learnerId !== actor.userId)) throw gone();
}
