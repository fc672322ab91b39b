/**
 * Bodies and answers of the help-desk calls (administration-and-support.md sections 3 and 7). Requests name
 * a ticket by its `_id` in `ticket_id` (the calls' field); the ticket's own `ticket_id` is its number in the
 * company (#12), shown to people.
 */
import { z } from 'zod';
import { TEXT_MAX } from './constants';
import {
  DEFAULT_CLOSE_STATUS,
  HELPDESK_UPLOAD_TYPES,
  HELPDESK_LIMITS as L,
  TICKET_CLOSE_STATUSES,
  TICKET_FILTERS,
  TICKET_ORDER_BY,
  TICKET_STAT_KEYS,
  TICKET_STATUSES,
  type TicketFilter,
} from './helpdesk';
import { HELPDESK_MESSAGES as M } from './helpdesk-texts';
import { ZAssignmentStatus } from './schemas/assignments';
import { ZSortOrder } from './schemas/groups';
import { ZRowId } from './schemas/users';

export const ZTicketStatus = z.enum(TICKET_STATUSES);
const ZMessage = z.string().trim().min(1, M.messageRequired).max(L.messageMax);

// POST /api/v1/help-desk/tickets/list?page&orderBy&order, body {page, textSearch, orderBy, order, filters}
export const ZTicketListQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).optional(),
  orderBy: z.enum(TICKET_ORDER_BY).optional(),
  order: ZSortOrder.optional(),
});
export const ZTicketFiltersInput = z.strictObject(
  Object.fromEntries(TICKET_FILTERS.map((f) => [f, z.boolean().optional()])) as Record<
    TicketFilter,
    z.ZodOptional<z.ZodBoolean>
  >,
);
export const ZTicketListRequest = z.object({
  /** from 0: skip = limit × page */
  page: z.number().int().min(0).max(100_000).optional(),
  limit: z.number().int().min(1).max(50).optional(),
  textSearch: z.string().trim().max(TEXT_MAX).optional(),
  orderBy: z.enum(TICKET_ORDER_BY).optional(),
  order: ZSortOrder.optional(),
  /** the toggles; one left out keeps its default (archived off, the others on) */
  filters: ZTicketFiltersInput.optional(),
});
export type TTicketListRequest = z.infer<typeof ZTicketListRequest>;

export const ZTicketPerson = z.object({
  _id: z.string(),
  full_name: z.string(),
  profile_picture_url: z.string().nullable(),
});
export type TTicketPerson = z.infer<typeof ZTicketPerson>;

export const ZTicketScript = z.object({
  _id: z.string(),
  /** the step: the script's order in its level, from 1 */
  order: z.number().int(),
  hint_text: z.string(),
  voice: z.string().nullable(),
  script: z.string(),
  /** the line's clip (signed, expiring) */
  audio_url: z.string().nullable(),
  /** the learner's recording of this line in the attempt the request came from (signed, expiring) */
  agent_recorded_url: z.string().nullable(),
});

export const ZTicketAttachment = z.object({
  attachment_id: z.string(),
  file_name: z.string(),
  /** the type the browser gave when it was uploaded */
  file_type: z.string(),
  file_size: z.number().int(),
  /** a signed, expiring URL; pictures, PDF and text open in the browser, every other type downloads */
  url: z.string(),
  status: z.literal('uploaded'),
  progress: z.literal(100),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type TTicketAttachment = z.infer<typeof ZTicketAttachment>;

export const TICKET_ENTRY_ACTIONS = ['create', 'reply', 'status', 'assign'] as const;
export type TicketEntryAction = (typeof TICKET_ENTRY_ACTIONS)[number];
export const ZTicketEntry = z.object({
  _id: z.string(),
  action: z.enum(TICKET_ENTRY_ACTIONS),
  message: z.string(),
  /** the status a status entry set */
  status: ZTicketStatus.nullable(),
  created_by: z.string().nullable(),
  creator_name: z.string(),
  creator_role: z.string().nullable(),
  creator_picture_url: z.string().nullable(),
  created_at: z.string(),
});
export type TTicketEntry = z.infer<typeof ZTicketEntry>;

export const ZTicket = z.object({
  _id: z.string(),
  /** the ticket's number in its company */
  ticket_id: z.number().int(),
  status: ZTicketStatus,
  created_by: ZTicketPerson.nullable(),
  assigned_to: ZTicketPerson.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** the sim's title */
  sim: z.string().nullable(),
  sim_id: z.string().nullable(),
  sim_level_id: z.string().nullable(),
  level: z.object({ order: z.number().int(), name: z.string() }).nullable(),
  script: ZTicketScript.nullable(),
  assignment_id: z.string().nullable(),
  assignment: z.object({ _id: z.string(), status: ZAssignmentStatus }).nullable(),
  page: z.string(),
  /** the request's message (the first entry) */
  message: z.string(),
  /** the list: the first entry only; a ticket's detail: every entry the caller may read, oldest first */
  entries: z.array(ZTicketEntry),
  /** the entries that carry a message (the list's "n more messages" is this minus one) */
  messages_count: z.number().int(),
  /** the list: none; a ticket's detail: every attachment the caller may read */
  attachments: z.array(ZTicketAttachment),
  attachments_count: z.number().int(),
});
export type TTicket = z.infer<typeof ZTicket>;

export const ZTicketStats = z.object(
  Object.fromEntries(TICKET_STAT_KEYS.map((k) => [k, z.number().int()])) as Record<
    (typeof TICKET_STAT_KEYS)[number],
    z.ZodNumber
  >,
);
export type TTicketStats = z.infer<typeof ZTicketStats>;

export const ZTicketListResponse = z.object({
  success: z.literal(true),
  tickets: z.array(ZTicket),
  stats: ZTicketStats,
  /** the tickets that pass the search and filters */
  total: z.number().int(),
});
export type TTicketListResponse = z.infer<typeof ZTicketListResponse>;

export const ZTicketParams = z.object({ id: ZRowId });
export const ZTicketResponse = z.object({ success: z.literal(true), ticket: ZTicket });
export const ZTicketChangeResponse = z.object({ success: z.literal(true), message: z.string(), ticket: ZTicket });
export type TTicketChangeResponse = z.infer<typeof ZTicketChangeResponse>;

/** An attachment uploaded to its presigned URL, named by the URL answered (downloadUrl or presignedUrl). */
export const ZNewTicketAttachment = z.object({
  url: z.string().trim().min(1).max(4000),
  file_name: z.string().trim().min(1).max(L.fileNameMax),
  file_type: z.string().trim().max(L.fileTypeMax).default(''),
  file_size: z.number().int().min(0).optional(),
});
export type TNewTicketAttachment = z.input<typeof ZNewTicketAttachment>;

/** script: the step (order from 1); -1 or left out: the step the learner's open attempt is at. */
const ZStep = z.number().int().min(-1).max(10_000).nullish();

// POST /api/v1/help-desk/tickets/add {sim_id, level_id, script, message, page, attachments, assignment_id}
export const ZCreateTicketRequest = z.object({
  sim_id: ZRowId.nullish(),
  level_id: ZRowId.nullish(),
  script: ZStep,
  message: ZMessage,
  page: z.string().trim().max(L.pageMax).default(''),
  attachments: z.array(ZNewTicketAttachment).max(100).default([]),
  assignment_id: ZRowId.nullish(),
});
export type TCreateTicketRequest = z.input<typeof ZCreateTicketRequest>;

// POST /api/v1/help-desk/tickets/add-entry {ticket_id, entry: {action reply, sim_id, level_id, script -1, message}}
export const ZAddTicketEntryRequest = z.object({
  ticket_id: ZRowId,
  entry: z.object({
    action: z.literal('reply').default('reply'),
    sim_id: ZRowId.nullish(),
    level_id: ZRowId.nullish(),
    script: ZStep,
    message: ZMessage,
  }),
});
export type TAddTicketEntryRequest = z.input<typeof ZAddTicketEntryRequest>;

// POST /api/v1/help-desk/tickets/close {ticket_id, status, entry}
export const ZCloseTicketRequest = z.object({
  ticket_id: ZRowId,
  status: z.enum(TICKET_CLOSE_STATUSES).default(DEFAULT_CLOSE_STATUS),
  /** a message to the learner with the change (an entry of the ticket when it is not empty) */
  entry: z.object({ message: z.string().trim().max(L.messageMax).default('') }).optional(),
});
export type TCloseTicketRequest = z.input<typeof ZCloseTicketRequest>;

// POST /api/v1/help-desk/tickets/assign {ticket_id, assigned_to} (not in the spec)
export const ZAssignTicketRequest = z.object({ ticket_id: ZRowId, assigned_to: ZRowId });
export type TAssignTicketRequest = z.input<typeof ZAssignTicketRequest>;

// POST /api/v1/help-desk/tickets/delete {ticket_id}
export const ZDeleteTicketRequest = z.object({ ticket_id: ZRowId });

// POST /api/v1/help-desk/tickets/attachments/add {ticket_id, attachment} and /attachments/delete
export const ZTicketAttachmentAddRequest = z.object({ ticket_id: ZRowId, attachment: ZNewTicketAttachment });
export const ZTicketAttachmentDeleteRequest = z.object({ ticket_id: ZRowId, attachment_id: ZRowId });
export const ZTicketAttachmentResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  attachment: ZTicketAttachment,
});

// GET /api/v1/help-desk/tickets/assignees (not in the spec): who a ticket can be assigned to
export const ZTicketAssigneesResponse = z.object({ success: z.literal(true), users: z.array(ZTicketPerson) });

// GET /api/v1/presigned/url?type=helpdesk&fileName&fileSize
export const ZHelpdeskPresignedQuery = z.object({
  type: z.enum(HELPDESK_UPLOAD_TYPES).default('helpdesk'),
  fileName: z.string().trim().min(1).max(L.fileNameMax),
  fileSize: z.coerce.number().int().min(0).optional(),
});
export const ZHelpdeskPresignedResponse = z.object({
  success: z.literal(true),
  /** PUT the raw file here (signed for the caller, expiring; no bearer token); success is HTTP 200 */
  presignedUrl: z.string(),
  /** where it will be read (signed, expiring); send it back as the attachment's url */
  downloadUrl: z.string(),
  attachment_id: z.string(),
  expiresAt: z.string(),
  maxBytes: z.number().int(),
});
export type THelpdeskPresignedResponse = z.infer<typeof ZHelpdeskPresignedResponse>;

// PUT /api/v1/help-desk/presigned-upload/:uploadId/:fileName (the raw file)
export const ZHelpdeskPutParams = z.object({
  uploadId: ZRowId,
  fileName: z.string().min(1).max(L.fileNameMax),
});
export const ZHelpdeskPutResponse = z.object({ success: z.literal(true), size: z.number().int() });
