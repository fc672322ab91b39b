import { bigint, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /**
   * Bumped (by triggers of migration 0004, at commit) whenever anything that decides the access of one of the
   * company's users changes: users' role, status, deletion, tokens_valid_after or session fields, roles,
   * role_permissions, temp_roles, the company's name. The access hook caches a user's access under it.
   */
  accessVersion: bigint('access_version', { mode: 'number' }).notNull().default(0),
  /** days screen recordings are kept (not those marked best practice); null: kept */
  screenRecordingRetentionDays: integer('screen_recording_retention_days'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
