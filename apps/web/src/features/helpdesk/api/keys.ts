import type { TTicketListRequest } from '@sim/shared';

/** The helpdesk's query keys: every change of a ticket invalidates `all` (lists, stats and details). */
export const helpdeskKeys = {
  all: ['helpdesk'] as const,
  lists: () => [...helpdeskKeys.all, 'list'] as const,
  list: (body: TTicketListRequest) => [...helpdeskKeys.lists(), body] as const,
  ticket: (id: string) => [...helpdeskKeys.all, 'ticket', id] as const,
  assignees: () => [...helpdeskKeys.all, 'assignees'] as const,
  helpPlace: (assignmentId: string) => [...helpdeskKeys.all, 'help-place', assignmentId] as const,
  review: () => ['helpdesk-review'] as const,
  reviewList: (query: Record<string, unknown>) => [...helpdeskKeys.review(), 'list', query] as const,
  reviewCount: () => [...helpdeskKeys.review(), 'count'] as const,
};
