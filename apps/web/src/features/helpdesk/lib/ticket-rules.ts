import {
  type PermissionType,
  ticketRights as sharedTicketRights,
  type TaskName,
  type TicketRights,
  type TTicket,
} from '@sim/shared';

export type { TicketRights };

type Can = (task: TaskName, type: PermissionType) => boolean;

/**
 * What the screen offers on a ticket: the helpdesk's rules (@sim/shared helpdesk/rules.ts), the same the server
 * asserts, on the ticket as the API answers it.
 */
export function ticketRights(
  permissions: ReadonlySet<string>,
  userId: string | null,
  ticket: Pick<TTicket, 'status' | 'created_by' | 'assigned_to'>,
): TicketRights {
  return sharedTicketRights(
    { userId, permissions },
    {
      status: ticket.status,
      createdById: ticket.created_by?._id ?? null,
      assignedToId: ticket.assigned_to?._id ?? null,
    },
  );
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
