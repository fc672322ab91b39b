/**
 * The helpdesk (administration-and-support.md sections 2 to 9): ticket statuses and the transitions between
 * them, the list's filters and sort columns, limits, row colours and the attachment rules. Pure: the server
 * enforces these rules, the web app uses them to show only what the server will accept.
 */
import { cutText } from './greeting';

export const TICKET_STATUSES = ['PENDING', 'IN PROGRESS', 'RESOLVED', 'REJECTED', 'CLOSED', 'ARCHIVED'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** A ticket someone still works on: reply, assign, resolve, reject or close it. */
export const OPEN_TICKET_STATUSES: readonly TicketStatus[] = ['PENDING', 'IN PROGRESS'];
/** What the close call sets (section 4: sent in upper case; closing defaults to RESOLVED). */
export const TICKET_CLOSE_STATUSES = ['RESOLVED', 'REJECTED', 'CLOSED', 'ARCHIVED'] as const;
export type TicketCloseStatus = (typeof TICKET_CLOSE_STATUSES)[number];
export const DEFAULT_CLOSE_STATUS: TicketCloseStatus = 'RESOLVED';
/** A finished ticket that can be archived (taken off the default list). */
export const FINISHED_TICKET_STATUSES: readonly TicketStatus[] = ['RESOLVED', 'REJECTED', 'CLOSED'];

export const isOpenTicket = (status: TicketStatus) => OPEN_TICKET_STATUSES.includes(status);

/**
 * Whether a ticket may go from one status to another through the close call: Resolve, Reject and Close
 * only while PENDING or IN PROGRESS (section 4); Archive only a finished ticket.
 */
export function canChangeTicketStatus(from: TicketStatus, to: TicketCloseStatus): boolean {
  if (to === 'ARCHIVED') return FINISHED_TICKET_STATUSES.includes(from);
  return isOpenTicket(from);
}

/** The row's close action: hidden for RESOLVED and REJECTED (section 4), and for any finished ticket. */
export const showsCloseAction = (status: TicketStatus) => isOpenTicket(status);

/** A reply by someone who handles tickets, or an assignment, starts the work on a PENDING ticket. */
export const statusAfterWork = (status: TicketStatus): TicketStatus => (status === 'PENDING' ? 'IN PROGRESS' : status);

/** The list's filter toggles (section 7), with their default (section 2: archived hidden). */
export const TICKET_FILTERS = ['unassigned', 'pending', 'inProgress', 'resolved', 'rejected', 'archived'] as const;
export type TicketFilter = (typeof TICKET_FILTERS)[number];
export type TicketFilters = Record<TicketFilter, boolean>;
export const DEFAULT_TICKET_FILTERS: TicketFilters = {
  unassigned: true,
  pending: true,
  inProgress: true,
  resolved: true,
  rejected: true,
  archived: false,
};

/** The statuses each status filter shows (closed counts with resolved: both end the request well). */
export const FILTER_STATUSES: Record<Exclude<TicketFilter, 'unassigned'>, readonly TicketStatus[]> = {
  pending: ['PENDING'],
  inProgress: ['IN PROGRESS'],
  resolved: ['RESOLVED', 'CLOSED'],
  rejected: ['REJECTED'],
  archived: ['ARCHIVED'],
};

/** The statuses the filters show: a ticket is listed when its status is shown and, unassigned, `unassigned` is on. */
export function shownStatuses(filters: TicketFilters): TicketStatus[] {
  return (Object.keys(FILTER_STATUSES) as (keyof typeof FILTER_STATUSES)[])
    .filter((name) => filters[name])
    .flatMap((name) => FILTER_STATUSES[name]);
}

/** Whether a ticket passes the filters (the server's WHERE clause says the same). */
export function ticketPassesFilters(ticket: { status: TicketStatus; assigned: boolean }, filters: TicketFilters) {
  return shownStatuses(filters).includes(ticket.status) && (ticket.assigned || filters.unassigned);
}

/** The ticket stats of the list (section 3), one per filter chip, and the total. */
export const TICKET_STAT_KEYS = [
  'total',
  'unassigned',
  'inProgress',
  'pending',
  'resolved',
  'rejected',
  'archived',
] as const;
export type TicketStatKey = (typeof TICKET_STAT_KEYS)[number];

/** Ticket sort columns (section 2); `createdAt` is the call's default name of `created_at`. */
export const TICKET_SORT_KEYS = ['creator', 'status', 'sim', 'level', 'script', 'created_at', 'owner'] as const;
export type TicketSortKey = (typeof TICKET_SORT_KEYS)[number];
export const TICKET_ORDER_BY = [...TICKET_SORT_KEYS, 'createdAt'] as const;
export type TicketOrderBy = (typeof TICKET_ORDER_BY)[number];

/** Ready For Review's sort columns (section 2): the assignment list's own keys. */
export const READY_FOR_REVIEW_SORT_KEYS = [
  'assigned_to',
  'tool_type',
  'assignment',
  'assigned_on',
  'assigned_by',
  'send_for_review_date',
] as const;

const MB = 1024 * 1024;

export const HELPDESK_LIMITS = {
  /** section 9: pagination of 10 */
  pageSize: 10,
  /** section 9: a ticket's message cut at 40 characters (37 plus the ellipsis) unless expanded */
  messageCut: 40,
  messageMax: 5000,
  pageMax: 2000,
  /** not in the spec (its dialog shows no limit): the server's limits */
  attachmentMaxBytes: 10 * MB,
  maxAttachments: 10,
  fileNameMax: 255,
  fileTypeMax: 255,
  /** a presigned upload URL accepts its PUT this long */
  presignedPutTtlSeconds: 3600,
  /** signed read URLs of attachments and audio in an answer */
  fileUrlTtlSeconds: 3600,
} as const;

/** The ticket's message as the list shows it: 40 characters, 37 plus an ellipsis, unless expanded. */
export const cutTicketMessage = (message: string) => cutText(message, HELPDESK_LIMITS.messageCut);

/** Row colours (section 2): pending light red, closed/resolved green, rejected red, archived grey, others yellow. */
export const TICKET_ROW_COLOURS: Record<TicketStatus, string> = {
  PENDING: '#fdecea',
  'IN PROGRESS': '#fff8e1',
  RESOLVED: '#e8f5e9',
  CLOSED: '#e8f5e9',
  REJECTED: '#ffcdd2',
  ARCHIVED: '#eeeeee',
};

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** A file size in units from B to YB (learner-and-review.md section 9), 1024 apart, one decimal above bytes. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '0 B';
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = unit === 0 ? String(Math.round(value)) : String(Math.round(value * 10) / 10);
  return `${shown} ${SIZE_UNITS[unit]}`;
}

/**
 * The type an attachment is stored and served with: pictures, PDF and plain text keep theirs (a browser
 * shows them inline, and with nosniff never as anything else); every other file — HTML, SVG, scripts,
 * programs, archives — is stored as application/octet-stream and always downloaded, never run.
 */
const INLINE_ATTACHMENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain',
  '.log': 'text/plain',
};
export const DOWNLOAD_ONLY_TYPE = 'application/octet-stream';

export function attachmentStoredType(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? base.slice(dot).toLowerCase() : '';
  return Object.hasOwn(INLINE_ATTACHMENT_TYPES, ext) ? INLINE_ATTACHMENT_TYPES[ext] : DOWNLOAD_ONLY_TYPE;
}

/** An attachment the browser can show as a picture. */
export const isPictureType = (type: string) => /^image\/(png|jpeg|gif|webp)$/.test(type);

/** What the presigned URL of a help request's attachment is for. */
export const HELPDESK_UPLOAD_TYPES = ['helpdesk'] as const;
