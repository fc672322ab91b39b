import { integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { roles } from './roles';

/** Rows of the permission matrix: Dashboard, Admin, Sims, Helpdesk. Synced from packages/shared on start. */
export const permissionProducts = pgTable('permission_products', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const tasks = pgTable('tasks', {
  id: uuid('id').primaryKey().defaultRandom(),
  productId: uuid('product_id')
    .notNull()
    .references(() => permissionProducts.id, { onDelete: 'cascade' }),
  name: text('name').notNull().unique(),
  definition: text('definition').notNull(),
  tooltip: text('tooltip'),
  description: text('description'),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const permissions = pgTable(
  'permissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
  },
  (t) => [uniqueIndex('permissions_task_type_uq').on(t.taskId, t.type)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);
