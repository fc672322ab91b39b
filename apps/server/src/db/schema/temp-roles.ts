import { date, index, pgTable, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { roles } from './roles';
import { users } from './users';

/** A role granted to a user between two dates, inclusive. */
export const tempRoles = pgTable(
  'temp_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('temp_roles_user_role_uq').on(t.userId, t.roleId), index('temp_roles_role_idx').on(t.roleId)],
);
