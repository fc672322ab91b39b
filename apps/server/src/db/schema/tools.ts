import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

/** Products (tools) a sim is built for: 'Hiring SIM', 'Training SIM', 'Training SIM - Internal Data'. */
export const tools = pgTable('tools', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  type: text('type').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});
