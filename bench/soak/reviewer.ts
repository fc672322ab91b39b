/**
 * One simulated reviewer (a manager or a supervisor), as the web app calls the server: sign in, the
 * dashboard (every member's assignments), then a few looks, each followed by reading time: the SCORE tab
 * (filters, a page of the table, the chart's insights), a result opened from the table (the result, the
 * attempts' history, the audio status, the track record, the assessor notes), now and then an export (the
 * score table as Score_List.xlsx, or the dashboard's assignments as All_Assignment.xlsx). Then away.
 */
import { assignmentsApi, resultsApi, scoresApi, type TScoreListResponse, type TScoreRow } from '@sim/shared';
import { SoakError } from './client';
import { type Actor, dashboard, signInToDashboard } from './learner';
import type { Person, Seeded } from './seed';

/** One look in this many is an export. */
const EXPORT_EVERY = 4;

export async function reviewerLife(actor: Actor, reviewer: Person, seeded: Seeded) {
  while (actor.pacer.running) {
    try {
      await sitting(actor, reviewer, seeded);
    } catch (error) {
      if (!(error instanceof SoakError)) actor.metrics.error('reviewer journey failed', String(error));
    }
    if (!(await actor.pacer.think('away'))) return;
  }
}

async function sitting(actor: Actor, reviewer: Person, seeded: Seeded) {
  const { pacer } = actor;
  await signInToDashboard(actor, reviewer.email, seeded.password, 'All_ASSIGNMENT');
  const looks = 3 + Math.floor(Math.random() * 4);
  let rows: TScoreRow[] = [];
  for (let n = 0; n < looks; n++) {
    if (!(await pacer.think('review'))) return;
    const pick = Math.random();
    if (pick < 1 / EXPORT_EVERY) await exportOne(actor);
    else if (pick < 0.6 || rows.length === 0) rows = await scoreTab(actor);
    else await result(actor, rows[Math.floor(Math.random() * rows.length)]);
  }
  if (pacer.running) await dashboard(actor, 'All_ASSIGNMENT');
}

async function scoreTab(actor: Actor): Promise<TScoreRow[]> {
  const { client, metrics } = actor;
  const query = { skip: 0, limit: 10 };
  const [, list] = await metrics.timePage('score table', () =>
    Promise.all([
      client.json(scoresApi.filters),
      client.json<TScoreListResponse>(scoresApi.listing, { query, body: {} }),
      client.json(scoresApi.insights, { body: { utc_offset: 0 } }),
    ]),
  );
  return list.scores;
}

async function result(actor: Actor, row: TScoreRow) {
  const { client, metrics } = actor;
  await metrics.timePage('result (reviewer)', () =>
    Promise.all([
      client.json(resultsApi.result, {
        query: { user_id: row.user_id },
        body: {
          assignment_id: row.assignment_id,
          sim_id: row.sim_id,
          levelId: row.level_id,
          response_id: row.response_id,
        },
      }),
      client.json(resultsApi.history, { query: { assignment_id: row.assignment_id } }),
      client.json(resultsApi.audioStatus, {
        query: { simId: row.sim_id, assignmentId: row.assignment_id, user_id: row.user_id },
      }),
      client.json(resultsApi.trackRecord, { params: { id: row.assignment_id } }),
      client.json(resultsApi.getAssessorNotes, { params: { id: row.response_id } }),
    ]),
  );
}

async function exportOne(actor: Actor) {
  const { client } = actor;
  if (Math.random() < 0.5)
    await client.download(
      scoresApi.listing,
      { query: { download: true, final_result: false }, body: {} },
      'POST /api/v1/sims/level/listing?download=true (Score_List.xlsx)',
    );
  else
    await client.download(
      assignmentsApi.exportExcel,
      { query: { tab: 'All_ASSIGNMENT' } },
      'GET /api/v1/sims/excel/assignments (All_Assignment.xlsx)',
    );
}
