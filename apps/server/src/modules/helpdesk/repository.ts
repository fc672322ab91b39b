import type { TicketStatus } from '@sim/shared';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  assignments,
  helpdeskTicketAttachments as attachments,
  attemptLines,
  helpdeskTicketEntries as entries,
  helpdeskUploads,
  permissions,
  rolePermissions,
  roles,
  simLevels,
  simScripts,
  sims,
  tasks,
  tempRoles,
  helpdeskTickets as tickets,
  users,
} from '../../db/schema/index';
import { fullName } from '../../db/sql-helpers';

/**
 * Data access of the helpdesk: tickets with the people, sim, level and script they name, their entries and
 * attachments. Every read of a ticket is scoped by company in its WHERE clause; the policy decides the rest.
 */

export const creator = alias(users, 'creator');
export const assignee = alias(users, 'assignee');

/** The columns of a ticket as list and detail answer it (joined with the tables they name). */
export function ticketColumns() {
  return {
    id: tickets.id,
    companyId: tickets.companyId,
    number: tickets.number,
    status: sql<TicketStatus>`${tickets.status}`,
    message: tickets.message,
    page: tickets.page,
    createdAt: tickets.createdAt,
    updatedAt: tickets.updatedAt,
    createdById: tickets.createdById,
    creatorName: fullName(creator),
    creatorPic: creator.profilePicUrl,
    assignedToId: tickets.assignedToId,
    assigneeName: fullName(assignee),
    assigneePic: assignee.profilePicUrl,
    simId: tickets.simId,
    simTitle: sims.title,
    simLevelId: tickets.simLevelId,
    levelOrder: simLevels.sortOrder,
    levelName: simLevels.name,
    scriptId: simScripts.id,
    scriptOrder: simScripts.sortOrder,
    scriptText: simScripts.script,
    scriptHint: simScripts.hintText,
    scriptVoice: simScripts.voice,
    scriptAudioKey: sql<
      string | null
    >`case when ${simScripts.audioSource} = 'recorded' then ${simScripts.agentRecordedKey} else ${simScripts.audioKey} end`,
    assignmentId: tickets.assignmentId,
    assignmentStatus: assignments.status,
    attemptId: tickets.attemptId,
    // the messages of the conversation: the request, replies and status changes that said something
    messagesCount: sql<number>`(select count(*) from ${entries} e where e.ticket_id = ${tickets.id}
      and (e.action in ('create', 'reply') or (e.action = 'status' and e.message <> '')))`,
    attachmentsCount: sql<number>`(select count(*) from ${attachments} a where a.ticket_id = ${tickets.id})`,
  };
}

/** A ticket's select with its joins; the caller adds WHERE, ORDER BY and paging. */
export function selectTickets(db: DbOrTx) {
  return db
    .select(ticketColumns())
    .from(tickets)
    .leftJoin(creator, eq(creator.id, tickets.createdById))
    .leftJoin(assignee, eq(assignee.id, tickets.assignedToId))
    .leftJoin(sims, eq(sims.id, tickets.simId))
    .leftJoin(simLevels, eq(simLevels.id, tickets.simLevelId))
    .leftJoin(simScripts, eq(simScripts.id, tickets.simScriptId))
    .leftJoin(assignments, eq(assignments.id, tickets.assignmentId))
    .$dynamic();
}
export type TicketRow = Awaited<ReturnType<typeof selectTickets>>[number];

/** One ticket of the company as list and detail show it; null when absent. */
export async function findTicketView(db: DbOrTx, companyId: string, id: string): Promise<TicketRow | null> {
  const [row] = await selectTickets(db).where(and(eq(tickets.id, id), eq(tickets.companyId, companyId)));
  return row ?? null;
}

/** What the rules compare of a ticket, with its row locked for the change (null when not of the company). */
export async function lockTicket(tx: DbOrTx, companyId: string, id: string) {
  const [row] = await tx
    .select({
      id: tickets.id,
      companyId: tickets.companyId,
      number: tickets.number,
      status: sql<TicketStatus>`${tickets.status}`,
      createdById: tickets.createdById,
      assignedToId: tickets.assignedToId,
    })
    .from(tickets)
    .where(and(eq(tickets.id, id), eq(tickets.companyId, companyId)))
    .for('update');
  return row ?? null;
}
export type TicketRecordRow = NonNullable<Awaited<ReturnType<typeof lockTicket>>>;

/**
 * The next number of the company's tickets: the company's numbering is serialised by a transaction-level
 * advisory lock (released at commit), so two tickets made at once get two numbers.
 */
export async function nextTicketNumber(tx: DbOrTx, companyId: string): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`helpdesk:${companyId}`}, 0))`);
  const [row] = await tx
    .select({ last: sql<number | null>`max(${tickets.number})` })
    .from(tickets)
    .where(eq(tickets.companyId, companyId));
  return (row?.last ?? 0) + 1;
}

export async function insertTicket(tx: DbOrTx, values: typeof tickets.$inferInsert): Promise<string> {
  const [row] = await tx.insert(tickets).values(values).returning({ id: tickets.id });
  return row.id;
}

export async function updateTicket(tx: DbOrTx, id: string, values: Partial<typeof tickets.$inferInsert>) {
  await tx.update(tickets).set(values).where(eq(tickets.id, id));
}

export async function deleteTicket(tx: DbOrTx, id: string) {
  await tx.delete(tickets).where(eq(tickets.id, id));
}

export async function insertEntry(tx: DbOrTx, values: typeof entries.$inferInsert) {
  await tx.insert(entries).values(values);
}

/** An entry with its author's name, role and picture (joined from users and roles). */
const ENTRY_FIELDS = {
  id: entries.id,
  action: entries.action,
  message: entries.message,
  status: entries.status,
  createdById: entries.createdById,
  creatorName: sql<string | null>`case when ${users.id} is null then null else ${fullName(users)} end`,
  creatorRole: roles.name,
  creatorPic: users.profilePicUrl,
  createdAt: entries.createdAt,
};

/** A ticket's entries, oldest first, with their authors' names, roles and pictures. */
export function entriesOf(db: DbOrTx, ticketId: string) {
  return db
    .select(ENTRY_FIELDS)
    .from(entries)
    .leftJoin(users, eq(users.id, entries.createdById))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(entries.ticketId, ticketId))
    .orderBy(asc(entries.createdAt), asc(entries.id));
}
export type EntryRow = Awaited<ReturnType<typeof entriesOf>>[number];

/** The first entry of each ticket (the list shows it). */
export function firstEntriesOf(db: DbOrTx, ticketIds: string[]) {
  if (!ticketIds.length) return Promise.resolve([] as (EntryRow & { ticketId: string })[]);
  return db
    .selectDistinctOn([entries.ticketId], {
      ticketId: entries.ticketId,
      ...ENTRY_FIELDS,
    })
    .from(entries)
    .leftJoin(users, eq(users.id, entries.createdById))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(inArray(entries.ticketId, ticketIds))
    .orderBy(entries.ticketId, asc(entries.createdAt), asc(entries.id));
}

export function attachmentsOf(db: DbOrTx, ticketId: string) {
  return db
    .select()
    .from(attachments)
    .where(eq(attachments.ticketId, ticketId))
    .orderBy(asc(attachments.createdAt), asc(attachments.id));
}
export type AttachmentRow = typeof attachments.$inferSelect;

export async function countAttachments(db: DbOrTx, ticketId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(attachments)
    .where(eq(attachments.ticketId, ticketId));
  return row?.n ?? 0;
}

/** Attaches an upload; the one already stored under that key when it is attached (to any ticket). */
export async function insertAttachment(
  tx: DbOrTx,
  values: typeof attachments.$inferInsert,
): Promise<{ row: AttachmentRow; inserted: boolean }> {
  const [row] = await tx.insert(attachments).values(values).onConflictDoNothing().returning();
  if (row) return { row, inserted: true };
  const [existing] = await tx.select().from(attachments).where(eq(attachments.blobKey, values.blobKey));
  return { row: existing, inserted: false };
}

export async function findAttachment(db: DbOrTx, ticketId: string, id: string): Promise<AttachmentRow | null> {
  const [row] = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.ticketId, ticketId), eq(attachments.id, id)));
  return row ?? null;
}

export async function deleteAttachment(tx: DbOrTx, id: string) {
  await tx.delete(attachments).where(eq(attachments.id, id));
}

/** The learner's take of the ticket's script in the ticket's attempt: the line id, when recorded. */
export async function recordedLine(db: DbOrTx, attemptId: string, scriptId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: attemptLines.id })
    .from(attemptLines)
    .where(
      and(
        eq(attemptLines.attemptId, attemptId),
        eq(attemptLines.simScriptId, scriptId),
        sql`${attemptLines.audioKey} is not null`,
      ),
    );
  return row?.id ?? null;
}

/** A user's name, for the notifications' texts. */
export async function userName(db: DbOrTx, userId: string): Promise<string> {
  const [row] = await db
    .select({ name: fullName(users) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.name ?? '';
}

/**
 * The company's users who hold tickets update today (their role, or a temporary role active today; a
 * disabled role grants nothing), by name: who a ticket can be assigned to. With `userId`, that user only.
 */
export function ticketHandlers(db: DbOrTx, companyId: string, today: string, userId?: string) {
  const grantsUpdate = sql`exists (
    select 1 from ${rolePermissions} rp
      join ${permissions} p on p.id = rp.permission_id
      join ${tasks} tk on tk.id = p.task_id
      join ${roles} r on r.id = rp.role_id and not r.disabled
    where tk.name = 'tickets' and p.type = 'update' and (
      rp.role_id = ${users.roleId}
      or exists (select 1 from ${tempRoles} t where t.user_id = ${users.id} and t.role_id = rp.role_id
        and t.start_date <= ${today} and t.end_date >= ${today})))`;
  return db
    .select({ id: users.id, name: fullName(users), pic: users.profilePicUrl, status: users.status })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        isNull(users.deletedAt),
        userId ? eq(users.id, userId) : undefined,
        grantsUpdate,
      ),
    )
    .orderBy(sql`lower(${fullName(users)})`, asc(users.id));
}

/** Whether the user is one of the company's (not deleted). */
export async function findUserInCompany(db: DbOrTx, companyId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId), isNull(users.deletedAt)));
  return Boolean(row);
}

/** The uploads of a user not attached to a ticket yet (issue 32). */
export async function countUnattached(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(helpdeskUploads)
    .where(eq(helpdeskUploads.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * The row of an upload about to be stored, counted against the user's quota of unattached uploads under a
 * transaction-scoped advisory lock of the user (so PUTs at once are counted exactly): 'full' when the user
 * has `max` already, 'new' when this call wrote it, 'known' when it was there (the URL's PUT is running or
 * was stored).
 */
export async function reserveUpload(
  db: DbOrTx,
  upload: { blobKey: string; companyId: string; userId: string },
  max: number,
): Promise<'full' | 'new' | 'known'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`helpdesk-uploads:${upload.userId}`}))`);
    const [known] = await tx
      .select({ key: helpdeskUploads.blobKey })
      .from(helpdeskUploads)
      .where(eq(helpdeskUploads.blobKey, upload.blobKey));
    if (known) return 'known';
    if ((await countUnattached(tx, upload.userId)) >= max) return 'full';
    await tx.insert(helpdeskUploads).values(upload).onConflictDoNothing();
    return 'new';
  });
}

/**
 * The stored size of an upload, on its row (written again if it went meanwhile: the URL's other PUT, which
 * stored nothing, dropped it), so that every stored upload has a row the sweep finds.
 */
export async function setUploadSize(
  db: DbOrTx,
  upload: { blobKey: string; companyId: string; userId: string },
  size: number,
) {
  await db
    .insert(helpdeskUploads)
    .values({ ...upload, size })
    .onConflictDoUpdate({ target: helpdeskUploads.blobKey, set: { size } });
}

export async function dropUpload(db: DbOrTx, blobKey: string) {
  await db.delete(helpdeskUploads).where(eq(helpdeskUploads.blobKey, blobKey));
}

/**
 * Attaching uploads: their rows go in the attaching transaction (waiting for a sweep holding one, which
 * then has deleted it). Answers the keys whose row this call removed.
 */
export async function claimUploads(tx: DbOrTx, blobKeys: string[]): Promise<Set<string>> {
  if (!blobKeys.length) return new Set();
  const rows = await tx
    .delete(helpdeskUploads)
    .where(inArray(helpdeskUploads.blobKey, blobKeys))
    .returning({ key: helpdeskUploads.blobKey });
  return new Set(rows.map((r) => r.key));
}

/**
 * Unattached uploads older than `before`, locked (SKIP LOCKED: instances sweeping at once share the work),
 * each saying whether a ticket names its file all the same (then only the row goes).
 */
export async function staleUploads(tx: DbOrTx, before: Date, limit: number) {
  return tx
    .select({
      blobKey: helpdeskUploads.blobKey,
      // the outer column written out: drizzle leaves a one-table select's columns unqualified
      attached: sql<boolean>`exists (select 1 from ${attachments} a where a.blob_key = helpdesk_uploads.blob_key)`,
    })
    .from(helpdeskUploads)
    .where(lt(helpdeskUploads.createdAt, before))
    .orderBy(helpdeskUploads.createdAt)
    .limit(limit)
    .for('update', { skipLocked: true });
}
