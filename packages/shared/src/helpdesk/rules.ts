import { type Asker, asks } from '../access';
import { isOpenTicket, type TicketStatus } from '../helpdesk';
import { isLearnerAccess } from '../roles';

/**
 * The helpdesk's access rules (administration-and-support.md sections 4 to 6, DECISIONS.md section 2), by
 * permissions and the ticket, never by a role's name. policies/helpdesk.ts asserts them on the server (403,
 * 404, 409 with their messages); the helpdesk screens show their controls with `ticketRights`.
 */

/** What the rules compare of a ticket. */
export interface TicketFacts {
  readonly createdById: string | null;
  readonly assignedToId: string | null;
  readonly status: TicketStatus;
}

/** A learner's account reaches only its own tickets (created or assigned); other accounts their company's. */
export const seesOnlyOwnTickets = (asker: Pick<Asker, 'permissions'>): boolean => isLearnerAccess(asker.permissions);

/** Whoever handles tickets replies to, resolves, rejects and assigns any ticket they see. */
export const handlesTickets = (asker: Pick<Asker, 'permissions'>): boolean => asks(asker, 'tickets', 'update');

/** The asker created the ticket or is its assignee. */
export const isTicketParty = (asker: Pick<Asker, 'userId'>, ticket: Omit<TicketFacts, 'status'>): boolean =>
  asker.userId !== null && (ticket.createdById === asker.userId || ticket.assignedToId === asker.userId);

/** Replies at all: whoever handles tickets, or whoever holds ticket_entries create (on their own tickets). */
export const mayReplyToTickets = (asker: Pick<Asker, 'permissions'>): boolean =>
  handlesTickets(asker) || asks(asker, 'ticket_entries', 'create');

/** Replies to this ticket, whatever its status: whoever handles tickets, or its creator or assignee. */
export const mayReplyToTicket = (asker: Asker, ticket: TicketFacts): boolean =>
  mayReplyToTickets(asker) && (handlesTickets(asker) || isTicketParty(asker, ticket));

/** Adds an attachment to this ticket, whatever its status: ticket_attachments create, and handles or is a party. */
export const mayAttachToTicket = (asker: Asker, ticket: TicketFacts): boolean =>
  asks(asker, 'ticket_attachments', 'create') && (handlesTickets(asker) || isTicketParty(asker, ticket));

/** Removes an attachment: ticket_attachments delete, and handles tickets or uploaded it. */
export const mayDetachFromTicket = (asker: Asker, uploadedById: string | null | undefined): boolean =>
  asks(asker, 'ticket_attachments', 'delete') &&
  (handlesTickets(asker) || (asker.userId !== null && uploadedById === asker.userId));

/** Closes a ticket: update and delete (section 6: "close row action needs update and delete"). */
export const mayCloseTickets = (asker: Pick<Asker, 'permissions'>): boolean =>
  handlesTickets(asker) && asks(asker, 'tickets', 'delete');

/** What a screen offers on a ticket (the server decides with the same rules). */
export interface TicketRights {
  reply: boolean;
  /** resolve and reject */
  decide: boolean;
  /** the row's close action, hidden for RESOLVED and REJECTED */
  close: boolean;
  archive: boolean;
  assign: boolean;
  delete: boolean;
  attach: boolean;
}

/** The rules above on one ticket: replies, decisions, assignment and attachments only while it is open. */
export function ticketRights(asker: Asker, ticket: TicketFacts): TicketRights {
  const open = isOpenTicket(ticket.status);
  const handles = handlesTickets(asker);
  return {
    reply: open && mayReplyToTicket(asker, ticket),
    decide: open && handles,
    close: open && mayCloseTickets(asker),
    archive: !open && ticket.status !== 'ARCHIVED' && handles,
    assign: open && handles,
    delete: asks(asker, 'tickets', 'delete'),
    attach: open && mayAttachToTicket(asker, ticket),
  };
}
