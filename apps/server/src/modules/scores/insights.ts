import { SCORE_LIMITS, type TScoreInsightsResponse } from '@sim/shared';
import { desc, sql } from 'drizzle-orm';
import { attempts } from '../../db/schema/index';
import { fullName } from '../../db/sql-helpers';
import { learner, type ScoreScope, scoreWhere } from './query';
import type { ScoreRunner } from './read';
import { scoreFrom } from './repository';

/**
 * The chart above the score table, for the same filter as the table: the latest SCORE_LIMITS.chartRows rows
 * (by completed date) are read once, then
 * - accuracy: per member, the mean keyword accuracy of their rows of each day (rows with N/A left out), for
 *   the SCORE_LIMITS.chartMembers members with the most rows (members_total says how many there were);
 * - median: per day, the quartiles of keyword accuracy over every row of the day (linear interpolation,
 *   as percentile_cont), for "the median with a band";
 * - missed_keywords: over the lines of those rows, each keyword entry (lower case) with how often it was
 *   missed and how often it was asked (missed + said); the most missed first.
 * Days are calendar days in the filter's time zone (utc_offset).
 */

type Insights = Omit<TScoreInsightsResponse, 'success'>;

/** The q-quantile of sorted values with linear interpolation (percentile_cont). */
export function quantile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return 0;
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

const round2 = (n: number) => Math.round(n * 100) / 100;

interface ChartRow {
  id: string;
  userId: string;
  member: string;
  accuracy: number | null;
  day: string;
}

function accuracyLines(rows: readonly ChartRow[]): Pick<Insights, 'accuracy' | 'members_total'> {
  const byMember = new Map<string, { member: string; rows: ChartRow[] }>();
  for (const r of rows) {
    if (r.accuracy === null) continue;
    const entry = byMember.get(r.userId) ?? { member: r.member, rows: [] };
    entry.rows.push(r);
    byMember.set(r.userId, entry);
  }
  const ranked = [...byMember.entries()].sort(
    ([aId, a], [bId, b]) => b.rows.length - a.rows.length || a.member.localeCompare(b.member) || aId.localeCompare(bId),
  );
  const accuracy = ranked.slice(0, SCORE_LIMITS.chartMembers).map(([userId, m]) => {
    const days = new Map<string, number[]>();
    for (const r of m.rows) days.set(r.day, [...(days.get(r.day) ?? []), r.accuracy as number]);
    const points = [...days.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, values]) => ({ date, keyword_accuracy: round2(values.reduce((s, v) => s + v, 0) / values.length) }));
    return { user_id: userId, member: m.member, points };
  });
  accuracy.sort((a, b) => a.member.localeCompare(b.member) || a.user_id.localeCompare(b.user_id));
  return { accuracy, members_total: byMember.size };
}

function dailyQuartiles(rows: readonly ChartRow[]): Insights['median'] {
  const days = new Map<string, number[]>();
  for (const r of rows) if (r.accuracy !== null) days.set(r.day, [...(days.get(r.day) ?? []), r.accuracy]);
  return [...days.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, values]) => {
      const sorted = values.sort((a, b) => a - b);
      return {
        date,
        p25: round2(quantile(sorted, 0.25)),
        p50: round2(quantile(sorted, 0.5)),
        p75: round2(quantile(sorted, 0.75)),
      };
    });
}

async function missedKeywords(run: ScoreRunner, attemptIds: string[]): Promise<Insights['missed_keywords']> {
  if (!attemptIds.length) return [];
  const ids = sql`${`{${attemptIds.join(',')}}`}::uuid[]`;
  // one keyword whatever its case ("Monday" and "monday" are one), shown as the authors wrote it: a spelling
  // with capitals first (issue 31: "monday" read as a typo), then the first in order
  return run.rows<Insights['missed_keywords'][number]>(sql`
    select (array_agg(spelling order by spelling = lower(spelling), spelling))[1] as keyword,
           sum(missed)::int as missed, count(*)::int as total from (
      select lower(trim(k)) as key, trim(k) as spelling, 1 as missed
        from attempt_lines l, jsonb_array_elements_text(l.missed_keywords) k
        where l.attempt_id = any(${ids})
      union all
      select lower(trim(k)), trim(k), 0
        from attempt_lines l, jsonb_array_elements_text(l.correct_keywords) k
        where l.attempt_id = any(${ids})
    ) asked
    group by key having sum(missed) > 0
    order by missed desc, key asc
    limit ${SCORE_LIMITS.missedKeywords}`);
}

export async function scoreInsights(run: ScoreRunner, scope: ScoreScope): Promise<Insights> {
  const offset = `${scope.utcOffset} minutes`;
  const rows = await run.rows<ChartRow>(
    scoreFrom(
      {
        id: sql<string>`${attempts.id}`.as('id'),
        userId: sql<string>`${attempts.userId}`.as('userId'),
        member: sql<string>`${fullName(learner)}`.as('member'),
        accuracy: sql<number | null>`${attempts.keywordAccuracy}`.as('accuracy'),
        day: sql<string>`to_char((${attempts.completedAt} at time zone 'UTC') + ${offset}::interval, 'YYYY-MM-DD')`.as(
          'day',
        ),
      },
      false,
    )
      .where(scoreWhere(scope))
      .orderBy(desc(attempts.completedAt), desc(attempts.id))
      .limit(SCORE_LIMITS.chartRows + 1),
  );
  const capped = rows.length > SCORE_LIMITS.chartRows;
  const used = rows.slice(0, SCORE_LIMITS.chartRows);
  return {
    rows: used.length,
    rows_capped: capped,
    ...accuracyLines(used),
    median: dailyQuartiles(used),
    missed_keywords: await missedKeywords(
      run,
      used.map((r) => r.id),
    ),
  };
}
