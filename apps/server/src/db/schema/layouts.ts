import type { TLayoutTab } from '@sim/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { sims } from './sims';

/** The Data Input layouts of a sim: one case layout and one account layout at most. */
export const simLayouts = pgTable(
  'sim_layouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    simId: uuid('sim_id')
      .notNull()
      .references(() => sims.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    excelSheetName: text('excel_sheet_name').notNull().default(''),
    tabs: jsonb('tabs').$type<TLayoutTab[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sim_layouts_sim_type_uq').on(t.simId, t.type),
    check('sim_layouts_type_chk', sql`${t.type} in ('case', 'account')`),
  ],
);

/** The case service's records (Load Case Details): a case number and its details keyed by attribute. */
export const cases = pgTable(
  'cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    caseNumber: integer('case_number').notNull(),
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cases_company_number_uq').on(t.companyId, t.caseNumber),
    index('cases_company_idx').on(t.companyId),
  ],
);
