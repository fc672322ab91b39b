import { isOpenTicket, type PermissionType, type TaskName, type TTicket } from '@sim/shared';

/** What the screen offers on a ticket (a convenience: the server decides, with the same rules). */
export interface TicketRights {
  reply: boolean;
  /** resolve and reject */
  decide: boolean;
  /** the row's close action: update and delete (section 6), hidden for RESOLVED and REJECTED */
  close: boolean;
  archive: boolean;
  assign: boolean;
  delete: boolean;
  attach: boolean;
}

type Can = (task: TaskName, type: PermissionType) => boolean;

/**
 * Reply: tickets update (section 5: "disabled until text is typed and the update permission is held"), or
 * the ticket's creator or assignee with entries create. Resolve / Reject only while PENDING or IN PROGRESS.
 */
export function ticketRights(
  can: Can,
  userId: string | null,
  ticket: Pick<TTicket, 'status' | 'created_by' | 'assigned_to'>,
): TicketRights {
  const open = isOpenTicket(ticket.status);
  const handles = can('tickets', 'update');
  const party = userId !== null && (ticket.created_by?._id === userId || ticket.assigned_to?._id === userId);
  return {
    reply: open && (handles || (party && can('ticket_entries', 'create'))),
    decide: open && handles,
    close: open && handles && can('tickets', 'delete'),
    archive: !open && ticket.status !== 'ARCHIVED' && handles,
    assign: open && handles,
    delete: can('tickets', 'delete'),
    attach: open && can('ticket_attachments', 'create') && (handles || party),
  };
}

/** The first tab (section 6): Ready For Review for all-assignments view, Help Requests otherwise. */
export function firstHelpdeskTab(can: Can): 'help' | 'review' {
  return can('all_assignments', 'view') ? 'review' : 'help';
}

/** What Ready For Review shows (section 2): the list, or one of the spec's two texts. */
export function reviewAccess(can: Can): 'list' | 'noPermission' | 'none' {
  if (!can('assignment', 'view') && !can('all_assignments', 'view') && !can('review_assignments', 'view'))
    return 'noPermission';
  return can('review_assignments', 'view') ? 'list' : 'none';
}
