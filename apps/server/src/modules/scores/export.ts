import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import { formatScoreSeconds, SCORE_COLUMNS, SCORE_EXPORT, SCORE_TEXTS, type TScoreRow } from '@sim/shared';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Db } from '../../db/client';
import type { ScoreScope } from './query';
import { PLANNER_OPTIONS } from './read';
import { type RawScoreRow, type ScorePage, scoreRowsQuery, toScoreRow } from './repository';

/**
 * Score_List.xlsx, streamed: the rows are read through a server-side cursor in batches (a read-only
 * transaction holding one connection) and each batch is written to ExcelJS's streaming workbook, whose zip
 * is piped into the reply as it is produced. Before the next batch is read, the writer waits while the
 * reply's buffer is full (a slow client slows the reading), so memory stays flat however many rows there
 * are. A client that goes away ends the reading (the transaction is rolled back).
 */

const BATCH = 2000;
/** at most this many rows (an .xlsx sheet holds 1,048,576); a larger filter is cut and says so */
export const SCORE_EXPORT_MAX_ROWS = 1_000_000;

const NA = SCORE_TEXTS.notApplicable;
const NONE = SCORE_TEXTS.noValue;
const WIDTHS = [30, 24, 24, 12, 12, 12, 14, 12, 12, 20, 20, 20, 14, 20, 24, 40];
const PERCENT_FORMAT = '0.00"%"';
/** 'YYYY-MMM-DD h:mm A' (section 9) as a spreadsheet number format */
const DATE_FORMAT = 'yyyy-mmm-dd h:mm AM/PM';

type Cell = string | number | Date;

function cells(r: TScoreRow, offsetMinutes: number): Cell[] {
  const pct = (v: number | null) => (v === null ? NA : Math.round(v * 100) / 100);
  // a date cell holds the wall-clock time of the caller's time zone (a spreadsheet date has no zone)
  const date = (v: string | null) => (v ? new Date(new Date(v).getTime() + offsetMinutes * 60_000) : NONE);
  return [
    r.sim,
    r.level,
    r.member,
    pct(r.keywordAccuracy),
    pct(r.data_selection_accuracy),
    pct(r.typing_accuracy),
    pct(r.overall_percentage),
    formatScoreSeconds(r.total_seconds),
    formatScoreSeconds(r.wrapSeconds),
    date(r.start_date),
    date(r.completed_date),
    date(r.sent_for_review_date),
    r.review_status ? r.status : NONE,
    date(r.reviewed_date),
    r.reviewed_by ?? NONE,
    r.assessor_notes?.trim() ? r.assessor_notes : NONE,
  ];
}

const PERCENT_COLUMNS = new Set(['keywordAccuracy', 'data_selection', 'typing_accuracy', 'overall_percentage']);
const DATE_COLUMNS = new Set(['start_date', 'completed_date', 'sent_for_review_date', 'reviewed_date']);

/** Streams the workbook of the scope's rows, in the table's sort, into `out`; answers the rows written. */
async function writeWorkbook(
  db: Db,
  scope: ScoreScope,
  sort: Pick<ScorePage, 'sortBy' | 'sort'>,
  out: PassThrough,
): Promise<number> {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  book.creator = 'SimCentre';
  const sheet = book.addWorksheet(SCORE_EXPORT.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = SCORE_COLUMNS.map((c, i) => ({
    header: c.title,
    key: c.key,
    width: WIDTHS[i],
    style: PERCENT_COLUMNS.has(c.key)
      ? { numFmt: PERCENT_FORMAT }
      : DATE_COLUMNS.has(c.key)
        ? { numFmt: DATE_FORMAT }
        : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  let written = 0;
  await db.transaction(
    async (tx) => {
      await tx.execute(PLANNER_OPTIONS);
      // plan for reading every row (hash joins), not for the first few (a cursor's default)
      await tx.execute(sql`select set_config('cursor_tuple_fraction', '1', true)`);
      await tx.execute(sql`declare score_export no scroll cursor for ${scoreRowsQuery(scope, sort)}`);
      while (!out.destroyed && written < SCORE_EXPORT_MAX_ROWS) {
        const batch = await tx.execute(sql`fetch ${sql.raw(String(BATCH))} from score_export`);
        for (const raw of batch.rows as RawScoreRow[]) {
          if (written === SCORE_EXPORT_MAX_ROWS) break;
          sheet.addRow(cells(toScoreRow(raw), scope.utcOffset)).commit();
          written++;
        }
        if (batch.rows.length < BATCH) break;
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      await tx.execute(sql`close score_export`);
    },
    { accessMode: 'read only' },
  );
  if (written === SCORE_EXPORT_MAX_ROWS) sheet.addRow([`Cut at ${SCORE_EXPORT_MAX_ROWS} rows`]).commit();
  sheet.commit();
  await book.commit();
  return written;
}

/**
 * The export as a stream for the reply: written in the background; a failure after the first byte ends the
 * stream with an error (the client sees a broken download, never a half file taken for whole).
 */
export function streamScores(
  db: Db,
  scope: ScoreScope,
  sort: Pick<ScorePage, 'sortBy' | 'sort'>,
  onError: (error: unknown) => void,
): PassThrough {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  writeWorkbook(db, scope, sort, out).catch((error) => {
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
