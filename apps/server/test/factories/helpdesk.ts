import { type Grant, permissionKey, type TicketStatus } from '@sim/shared';
import { eq, sql } from 'drizzle-orm';
import { helpdeskTicketEntries, helpdeskTickets, type notifications, rolePermissions } from '../../src/db/schema/index';
import { permissionIdsByKey } from '../../src/modules/permissions/catalogue';
import type { Answer, AppContext, Caller } from './caller';
import type { DbSeed } from './company';

/**
 * The helpdesk: tickets written straight to the database, a role given more permissions (as the matrix
 * would), and the help-desk calls as one user makes them — the attachment's presigned upload included. No
 * vitest here: the end-to-end seed uses these too.
 */

const BASE = '/api/v1/help-desk';

export type TestTicket = typeof helpdeskTickets.$inferSelect;
export type TestNotification = typeof notifications.$inferSelect;

/**
 * A ticket written straight to the database (no rule checked), numbered after the company's last, with its
 * first entry by its creator.
 */
export async function buildTicket(
  seed: DbSeed,
  values: { companyId: string; createdById: string; status?: TicketStatus; message?: string } & Partial<
    Omit<typeof helpdeskTickets.$inferInsert, 'companyId' | 'createdById' | 'status' | 'number'>
  >,
): Promise<TestTicket> {
  const { companyId, createdById, status = 'PENDING', message = 'I am stuck on this line.', ...fields } = values;
  const row = await seed.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`helpdesk:${companyId}`}, 0))`);
    const [last] = await tx
      .select({ n: sql<number | null>`max(${helpdeskTickets.number})` })
      .from(helpdeskTickets)
      .where(eq(helpdeskTickets.companyId, companyId));
    const [ticket] = await tx
      .insert(helpdeskTickets)
      .values({ ...fields, companyId, createdById, status, message, number: (last?.n ?? 0) + 1 })
      .returning();
    await tx.insert(helpdeskTicketEntries).values({
      ticketId: ticket.id,
      action: 'create',
      message,
      createdById,
      createdAt: ticket.createdAt,
    });
    return ticket;
  });
  return row;
}

/** Gives a role more permissions (what ticking them in the matrix does). */
export async function grantToRole(seed: DbSeed, roleId: string, grants: readonly Grant[]) {
  const ids = await permissionIdsByKey(seed.db);
  await seed.db
    .insert(rolePermissions)
    .values(grants.map((g) => ({ roleId, permissionId: ids.get(permissionKey(g.task, g.type))! })))
    .onConflictDoNothing();
}

/** The help-desk calls of one user. */
export function helpdeskCalls(as: Caller) {
  return {
    list: (body: Record<string, unknown> = {}, query = '') => as.post(`${BASE}/tickets/list${query}`, body),
    get: (id: string) => as.get(`${BASE}/tickets/${id}`),
    add: (body: Record<string, unknown>) => as.post(`${BASE}/tickets/add`, body),
    reply: (ticketId: string, message: string, extra: Record<string, unknown> = {}) =>
      as.post(`${BASE}/tickets/add-entry`, {
        ticket_id: ticketId,
        entry: { action: 'reply', script: -1, message, ...extra },
      }),
    close: (ticketId: string, status?: string, message?: string) =>
      as.post(`${BASE}/tickets/close`, {
        ticket_id: ticketId,
        ...(status ? { status } : {}),
        ...(message === undefined ? {} : { entry: { message } }),
      }),
    assign: (ticketId: string, userId: string) =>
      as.post(`${BASE}/tickets/assign`, { ticket_id: ticketId, assigned_to: userId }),
    assignees: () => as.get(`${BASE}/assignees`),
    remove: (ticketId: string) => as.post(`${BASE}/tickets/delete`, { ticket_id: ticketId }),
    attach: (ticketId: string, attachment: object) =>
      as.post(`${BASE}/tickets/attachments/add`, { ticket_id: ticketId, attachment }),
    detach: (ticketId: string, attachmentId: string) =>
      as.post(`${BASE}/tickets/attachments/delete`, { ticket_id: ticketId, attachment_id: attachmentId }),
    presign: (fileName: string, fileSize?: number) =>
      as.get(
        `/api/v1/presigned/url?type=helpdesk&fileName=${encodeURIComponent(fileName)}${
          fileSize === undefined ? '' : `&fileSize=${fileSize}`
        }`,
      ),
  };
}

/** The raw PUT of a presigned URL (no bearer token: the URL is signed). */
export function putUpload(ctx: AppContext, url: string, data: Buffer, contentType = 'application/octet-stream') {
  return ctx.app.inject({ method: 'PUT', url, payload: data, headers: { 'content-type': contentType } });
}

export interface Uploaded {
  url: string;
  file_name: string;
  file_type: string;
  file_size: number;
  /** the presigned PUT URL (used once) */
  presignedUrl: string;
}

/** Asks for a presigned URL and PUTs the file: the attachment as a ticket names it. Throws on a refusal. */
export async function uploadAttachment(
  ctx: AppContext,
  as: Caller,
  fileName: string,
  data: Buffer,
  fileType = 'image/png',
): Promise<Uploaded> {
  const signed: Answer = await helpdeskCalls(as).presign(fileName, data.length);
  if (signed.statusCode !== 200) throw new Error(`presign: ${signed.statusCode} ${signed.body}`);
  const { presignedUrl, downloadUrl } = signed.json() as { presignedUrl: string; downloadUrl: string };
  const put = await putUpload(ctx, presignedUrl, data, fileType);
  if (put.statusCode !== 200) throw new Error(`put: ${put.statusCode} ${put.body}`);
  return { url: downloadUrl, file_name: fileName, file_type: fileType, file_size: data.length, presignedUrl };
}

/** A tiny valid PNG (1×1, transparent). */
export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
