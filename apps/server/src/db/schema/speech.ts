import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { users } from './users';

/**
 * A learner's speaker adaptation (issue 14; modules/speech/adaptation.ts): the MLLR transform of the
 * acoustic model estimated from their earlier passed lines, used for their later decodes. One row per user,
 * gone with the user. `lines_seen`: the passed lines they had when it was estimated (it is estimated again
 * after ADAPTATION.reestimateEvery more).
 */
export const speakerAdaptations = pgTable(
  'speaker_adaptations',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    mllr: text('mllr').notNull(),
    /** recordings the transform was estimated from */
    recordings: integer('recordings').notNull(),
    linesSeen: integer('lines_seen').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('speaker_adaptations_company_idx').on(t.companyId),
    check('speaker_adaptations_counts_chk', sql`${t.recordings} > 0 and ${t.linesSeen} >= ${t.recordings}`),
  ],
);
