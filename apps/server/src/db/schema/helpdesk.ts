import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { assignments, attempts } from './learning';
import { simLevels, simScripts, sims } from './sims';
import { users } from './users';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A help request (administration-and-support.md sections 3 and 4): a learner's message from the screen they
 * were on, with the sim, level, script and attempt when they were in one. `number` is the ticket's number in
 * its company (the `ticket_id` people see), given under a per-company advisory lock. Status PENDING →
 * IN PROGRESS (assigned, or answered by someone who handles tickets) → RESOLVED | REJECTED | CLOSED →
 * ARCHIVED.
 */
export const helpdeskTickets = pgTable(
  'helpdesk_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    status: text('status').notNull().default('PENDING'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    assignedToId: uuid('assigned_to_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    page: text('page').notNull().default(''),
    simId: uuid('sim_id').references(() => sims.id, { onDelete: 'set null' }),
    simLevelId: uuid('sim_level_id').references(() => simLevels.id, { onDelete: 'set null' }),
    simScriptId: uuid('sim_script_id').references(() => simScripts.id, { onDelete: 'set null' }),
    assignmentId: uuid('assignment_id').references(() => assignments.id, { onDelete: 'set null' }),
    /** the learner's attempt the request came from (its recording of the script is shown) */
    attemptId: uuid('attempt_id').references(() => attempts.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('helpdesk_tickets_company_number_uq').on(t.companyId, t.number),
    index('helpdesk_tickets_company_created_idx').on(t.companyId, t.createdAt),
    index('helpdesk_tickets_creator_idx').on(t.createdById, t.createdAt),
    index('helpdesk_tickets_assignee_idx').on(t.assignedToId),
    check(
      'helpdesk_tickets_status_chk',
      sql`${t.status} in ('PENDING', 'IN PROGRESS', 'RESOLVED', 'REJECTED', 'CLOSED', 'ARCHIVED')`,
    ),
  ],
);

/** The conversation of a ticket: the request, replies, status changes and assignments, oldest first. */
export const helpdeskTicketEntries = pgTable(
  'helpdesk_ticket_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => helpdeskTickets.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    message: text('message').notNull().default(''),
    /** the status a status entry set */
    status: text('status'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('helpdesk_ticket_entries_ticket_idx').on(t.ticketId, t.createdAt),
    check('helpdesk_ticket_entries_action_chk', sql`${t.action} in ('create', 'reply', 'status', 'assign')`),
  ],
);

/** A file of a ticket, kept in the blob store (the key is written once: one ticket per upload). */
export const helpdeskTicketAttachments = pgTable(
  'helpdesk_ticket_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => helpdeskTickets.id, { onDelete: 'cascade' }),
    blobKey: text('blob_key').notNull(),
    fileName: text('file_name').notNull(),
    /** the type the browser gave (shown); the blob is stored with a safe type */
    fileType: text('file_type').notNull().default(''),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('helpdesk_ticket_attachments_key_uq').on(t.blobKey),
    index('helpdesk_ticket_attachments_ticket_idx').on(t.ticketId, t.createdAt),
  ],
);

/**
 * An upload to a presigned helpdesk URL not attached to a ticket yet (issue 32): written (under a lock of the
 * user, counted against the quota of unattached uploads) before the PUT stores the file, removed by the
 * transaction that attaches it, or by the PUT that stored nothing. One left longer than the grace period
 * (modules/helpdesk/uploads.ts) is swept: its file, then the row. No foreign keys: the sweep deletes the
 * file of a user or company deleted since.
 */
export const helpdeskUploads = pgTable(
  'helpdesk_uploads',
  {
    blobKey: text('blob_key').primaryKey(),
    companyId: uuid('company_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** the stored size; null while the PUT is being received */
    size: bigint('size', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('helpdesk_uploads_user_idx').on(t.userId, t.createdAt),
    index('helpdesk_uploads_created_idx').on(t.createdAt),
  ],
);
