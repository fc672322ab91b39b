import type { VideoStatus } from '@sim/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { companies } from './companies';
import { attempts } from './learning';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => at('created_at').notNull().defaultNow();

/**
 * A screen recorded during an attempt (learner-and-review.md section 7, DECISIONS.md section 6): one row per
 * (attempt, fileName). total_chunks is the largest count the parts told (a part says at least chunkNumber + 1;
 * the last one the final count).
 */
export const screenRecordingFiles = pgTable(
  'screen_recording_files',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    totalChunks: integer('total_chunks').notNull(),
    /** the distinct parts stored (kept by the statement that stores a part, under this row's lock) */
    received: integer('received').notNull().default(0),
    fileType: text('file_type').notNull(),
    originalName: text('original_name'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.fileName] }),
    index('screen_recording_files_company_idx').on(t.companyId, t.createdAt),
  ],
);

/** A stored part of a screen's recording: its bytes are in the blob store under blob_key (written once). */
export const screenRecordingParts = pgTable(
  'screen_recording_parts',
  {
    attemptId: uuid('attempt_id').notNull(),
    fileName: text('file_name').notNull(),
    chunkNumber: integer('chunk_number').notNull(),
    size: integer('size').notNull(),
    blobKey: text('blob_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.fileName, t.chunkNumber] }),
    foreignKey({
      name: 'screen_recording_parts_file_fk',
      columns: [t.attemptId, t.fileName],
      foreignColumns: [screenRecordingFiles.attemptId, screenRecordingFiles.fileName],
    }).onDelete('cascade'),
    check('screen_recording_parts_chunk_chk', sql`${t.chunkNumber} >= 0`),
  ],
);

/**
 * The MP4 built from an attempt's screens (one per attempt): processing while its job runs, then saved
 * (blob_key and the figures set) or failed (error). saved_on / marked_best_practice_on are the reviewer's.
 */
export const screenRecordingVideos = pgTable(
  'screen_recording_videos',
  {
    attemptId: uuid('attempt_id')
      .primaryKey()
      .references(() => attempts.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<VideoStatus>().notNull(),
    sources: jsonb('sources').$type<string[]>().notNull(),
    stamps: jsonb('stamps').$type<number[]>().notNull().default([]),
    /** the attempt's length as the page measured it (s) */
    requestedSeconds: doublePrecision('requested_seconds').notNull(),
    jobId: uuid('job_id'),
    error: text('error'),
    blobKey: text('blob_key'),
    size: bigint('size', { mode: 'number' }),
    width: integer('width'),
    height: integer('height'),
    durationSeconds: doublePrecision('duration_seconds'),
    createdAt: createdAt(),
    builtAt: at('built_at'),
    savedOn: at('saved_on'),
    markedBestPracticeOn: at('marked_best_practice_on'),
  },
  (t) => [
    index('screen_recording_videos_company_idx').on(t.companyId, t.createdAt),
    check('screen_recording_videos_status_chk', sql`${t.status} in ('processing', 'saved', 'failed')`),
  ],
);
