import { EXCEL_LEVELS, formatScoreDate, SCORE_EXPORT, type TScoreRow } from '@sim/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildScoreWorld,
  expectFailure,
  type ScoreWorld,
  scoreCalls,
  scoreDay,
  staffedCompany,
  testApp,
} from './factories';
import { readWithLibreOffice } from './libreoffice';

/**
 * Score_List.xlsx (POST /api/v1/sims/level/listing?download=true): the filter's rows in the table's sort,
 * every column of the table as shown (figures with 2 decimals and %, N/A, '------', times in hours, minutes
 * and seconds, dates 'YYYY-MMM-DD h:mm A'), read back by LibreOffice.
 */
describe('score export', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx);
  let w: ScoreWorld;
  beforeAll(async () => {
    w = await buildScoreWorld(ctx, a);
  });

  it('holds the rows of the filter in the table order, every column as shown, read back by LibreOffice', async () => {
    const res = await scoreCalls(a.as.supervisor).download();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(EXCEL_LEVELS.mimeType);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Score_List.xlsx"');
    const rows = await readWithLibreOffice(res.rawPayload);
    const page = await scoreCalls(a.as.supervisor).page();
    expect(rows[0]).toEqual([...SCORE_EXPORT.columns]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(page.scores.map((s) => s.sim));
    const shown = (iso: string | null) => formatScoreDate(iso);
    const alex = page.scores.findIndex((s) => s.response_id === w.attempts.alexL1.id) + 1;
    const row = page.scores[alex - 1] as TScoreRow;
    expect(rows[alex]).toEqual([
      `${w.tag} Cardiology`,
      'Level 2',
      `Alex ${a.users.agent.lastName}`,
      '80.00%',
      'N/A',
      'N/A',
      '80.00%',
      '1h 2m 5s',
      '0m 0s',
      shown(row.start_date),
      '2026-Mar-13 3:07 PM',
      shown(row.sent_for_review_date),
      'PASS',
      shown(row.reviewed_date),
      `Sofia ${a.users.supervisor.lastName}`,
      '------',
    ]);
    const cara = rows.find((r) => r[2] === `Cara ${w.tag}`);
    expect(cara?.slice(3, 7)).toEqual(['90.00%', '50.00%', '75.00%', 'N/A']);
    expect(cara?.slice(11, 16)).toEqual(['------', '------', '------', '------', '------']);
    expect(rows.find((r) => r[15] === 'Greets well')?.[3]).toBe('N/A');
  }, 120_000);

  it('keeps the filter, the choice of rows, the sort and the time zone of the table', async () => {
    const calls = scoreCalls(a.as.admin);
    const cara = await readWithLibreOffice(
      (await calls.download({ highest_level: true, sortBy: 'member', sort: 'desc' }, { utc_offset: -300 })).rawPayload,
    );
    expect(cara.slice(1).map((r) => r[2])).toEqual([
      `Cara ${w.tag}`,
      `Bruno ${a.users.agent2.lastName}`,
      `Alex ${a.users.agent.lastName}`,
      `Alex ${a.users.agent.lastName}`,
    ]);
    // 16:07 UTC is 11:07 AM at UTC-5
    expect(cara[1][10]).toBe('2026-Mar-13 11:07 AM');
    const one = await readWithLibreOffice(
      (await calls.download({}, { sims: [{ sim_id: w.s2.simId }], members: [w.cara.id] })).rawPayload,
    );
    expect(one).toHaveLength(2);
    const none = await readWithLibreOffice((await calls.download({ textSearch: 'nobody-here' })).rawPayload);
    expect(none).toEqual([[...SCORE_EXPORT.columns]]);
    // another company's export holds none of these rows
    const theirs = await readWithLibreOffice((await scoreCalls(b.as.admin).download()).rawPayload);
    expect(theirs).toEqual([[...SCORE_EXPORT.columns]]);
    expect(scoreDay(3).toISOString()).toBe('2026-03-13T15:07:00.000Z');
  }, 120_000);

  it('refuses learners (403), the signed out (401) and bad input (400) before writing a byte', async () => {
    expectFailure(await scoreCalls(a.as.agent).download(), 403, 'FORBIDDEN');
    expectFailure(await scoreCalls(a.as.nobody).download(), 401, 'UNAUTHORIZED');
    expectFailure(await scoreCalls(a.as.admin).download({ sortBy: 'nope' }), 400, 'INVALID');
    expectFailure(await scoreCalls(a.as.admin).download({}, { groups: ['x'] }), 400, 'INVALID');
  });
});
