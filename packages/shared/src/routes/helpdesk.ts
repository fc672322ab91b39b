import { defineRoute } from '../contract/define';
import {
  ZAddTicketEntryRequest,
  ZAssignTicketRequest,
  ZCloseTicketRequest,
  ZCreateTicketRequest,
  ZDeleteTicketRequest,
  ZHelpdeskPresignedQuery,
  ZHelpdeskPresignedResponse,
  ZHelpdeskPutParams,
  ZHelpdeskPutResponse,
  ZTicketAssigneesResponse,
  ZTicketAttachmentAddRequest,
  ZTicketAttachmentDeleteRequest,
  ZTicketAttachmentResponse,
  ZTicketChangeResponse,
  ZTicketListQuery,
  ZTicketListRequest,
  ZTicketListResponse,
  ZTicketParams,
  ZTicketResponse,
} from '../helpdesk-schemas';
import { ZMessageResponse } from '../schemas/common';
import { requires } from './access';

const tags = ['helpdesk'];

/**
 * The help-desk calls (administration-and-support.md section 7). The route names the permission; the
 * helpdesk policy decides on the ticket: a learner's account reaches only the tickets it created (or is
 * assigned), other accounts their company's; another company's ids answer 404.
 */
export const helpdeskApi = {
  list: defineRoute({
    method: 'POST',
    url: '/api/v1/help-desk/tickets/list',
    access: requires('tickets', 'view'),
    tags,
    summary: 'A page of tickets (search, filters, sort) with the stats of the filter chips',
    query: ZTicketListQuery,
    body: ZTicketListRequest,
    response: ZTicketListResponse,
  }),
  get: defineRoute({
    method: 'GET',
    url: '/api/v1/help-desk/tickets/:id',
    access: requires('tickets', 'view'),
    tags,
    summary: 'A ticket with its entries, attachments, sim, level and script (the detail dialog)',
    params: ZTicketParams,
    response: ZTicketResponse,
  }),
  add: defineRoute({
    method: 'POST',
    url: '/api/v1/help-desk/tickets/add',
    access: requires('tickets', 'create'),
    tags,
    summary: 'Ask for help: a new PENDING ticket with its message, page, sim context and uploaded attachments',
    body: ZCreateTicketRequest,
    response: ZTicketChangeResponse,
  }),
  addEntry: defineRoute({
    method: 'POST',
    url: '/api/v1/help-desk/tickets/add-entry',
    access: {
      anyOf: [
        { task: 'tickets', type: 'update' },
        { task: 'ticket_entries', type: 'create' },
      ],
    },
    tags,
    summary: 'Reply on a PENDING or IN PROGRESS ticket (tickets update; its creator or assignee with entries create)',
    body: ZAddTicketEntryRequest,
    response: ZTicketChangeResponse,
  }),
  close: defineRoute({
    method: 'POST',
    url: '/api/v1/help-desk/tickets/close',
    access: requires('tickets', 'update'),
    tags,
    summary: 'Mark a ticket RESOLVED, REJECTED or CLOSED (only while PENDING or IN PROGRESS), or ARCHIVED',
    body: ZCloseTicketRequest,
    response: ZTicketChangeResponse,
  }),
  assign: defineRoute({
    method: 'POST',
    url: '/api/v1/help-desk/tickets/assign',
    access: requires('tickets', 'update'),
    tags,
    summary: 'Assign a ticket to someone who handles tickets; a PENDING ticket goes IN PROGRESS',
    body: ZAssignTicketRequest,
    response: ZTicketChangeResponse,
  }),
  assignees: defineRoute({
    method: 'GET',
    url: '/api/v1/help-desk/assignees',
    access: requires('tickets', 'update'),
    tags,
    summary: 'The users of the company a ticket can be assigned to (they hold tickets update)',
    response: ZTicketAssigneesResponse,
  }),
  delete: defineRoute({
    method: 'POST',
    url: '/api/v1/help-desk/tickets/delete',
    access: requires('tickets', 'delete'),
    tags,
    summary: 'Delete a ticket with its entries and attachments (cannot be undone)',
    body: ZDeleteTicketRequest,
    response: ZMessageResponse,
  }),
  addAttachment: defineRoute({
    method: 'POST',
    url: '/api/v1/help-desk/tickets/attachments/add',
    access: requires('ticket_attachments', 'create'),
    tags,
    summary: 'Attach a file uploaded to its presigned URL to an open ticket',
    body: ZTicketAttachmentAddRequest,
    response: ZTicketAttachmentResponse,
  }),
  deleteAttachment: defineRoute({
    method: 'POST',
    url: '/api/v1/help-desk/tickets/attachments/delete',
    access: requires('ticket_attachments', 'delete'),
    tags,
    summary: 'Remove an attachment from a ticket (its uploader, or someone who handles tickets)',
    body: ZTicketAttachmentDeleteRequest,
    response: ZMessageResponse,
  }),
  presignedUrl: defineRoute({
    method: 'GET',
    url: '/api/v1/presigned/url',
    access: {
      anyOf: [
        { task: 'tickets', type: 'create' },
        { task: 'ticket_attachments', type: 'create' },
      ],
    },
    tags,
    summary: "A presigned PUT URL for a help request's attachment, and the signed URL it will be read at",
    query: ZHelpdeskPresignedQuery,
    response: ZHelpdeskPresignedResponse,
  }),
  /** The PUT of a presigned URL: signed for the user who asked (no bearer token); the body is the raw file. */
  presignedPut: defineRoute({
    method: 'PUT',
    url: '/api/v1/help-desk/presigned-upload/:uploadId/:fileName',
    access: 'signedUrl',
    tags,
    summary: 'Upload the raw file of an attachment to its presigned URL (signed and expiring)',
    params: ZHelpdeskPutParams,
    response: ZHelpdeskPutResponse,
  }),
};
