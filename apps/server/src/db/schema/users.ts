import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { roles } from './roles';

/** Every field of the user form (administration-and-support.md section 3). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    nickName: text('nick_name'),
    title: text('title'),
    email: text('email').notNull(),
    phoneNumber: text('phone_number'),
    passwordHash: text('password_hash').notNull(),
    status: text('status').notNull().default('applicant'),
    subStatus: text('sub_status').notNull().default('Candidate'),
    roleId: uuid('role_id').references(() => roles.id, { onDelete: 'set null' }),
    schedule: text('schedule'),
    duration: text('duration'),
    employment: text('employment'),
    workplace: text('workplace'),
    joinedCompany: text('joined_company'),
    probation: text('probation'),
    promoted: text('promoted'),
    outsourcer: text('outsourcer'),
    profilePicUrl: text('profile_pic_url'),
    isPlatformAdmin: boolean('is_platform_admin').notNull().default(false),
    /** sign-in tokens issued before this instant are refused (set by a password change or a deactivation) */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email).where(sql`${t.deletedAt} is null`),
    index('users_company_idx').on(t.companyId),
    // the score table sorted by member: the learners walked by name (modules/scores, fullName)
    index('users_company_name_idx')
      .on(t.companyId, sql`lower(trim(${t.firstName} || ' ' || ${t.lastName}))`)
      .where(sql`${t.deletedAt} is null`),
    index('users_role_idx').on(t.roleId),
  ],
);

/**
 * Sign-in, forgot-password and reset attempts, for their limits (modules/auth/attempt-limits.ts): a row is written
 * when an attempt starts (`failed` false), deleted when it succeeds, marked failed when it fails. Rows
 * older than the window are pruned. `account` is the sha256 of the email; `address` the client's address
 * (an IPv6 address by its /64).
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').notNull(),
    account: text('account').notNull(),
    address: text('address').notNull(),
    failed: boolean('failed').notNull().default(false),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('auth_attempts_account_idx').on(t.action, t.account, t.at),
    index('auth_attempts_address_idx').on(t.action, t.address, t.at),
    index('auth_attempts_at_idx').on(t.at),
  ],
);
