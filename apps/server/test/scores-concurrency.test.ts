import type { TScoreListResponse } from '@sim/shared';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  type Answer,
  buildScoreWorld,
  busyJob,
  learner,
  runPool,
  type ScoreWorld,
  type StaffedCompany,
  scoreCalls,
  staffedCompany,
  testApp,
} from './factories';

type Company = StaffedCompany<{ agent2: true }>;

async function sheetRows(data: Buffer): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  return (book.worksheets[0].getSheetValues().filter(Boolean) as unknown[][]).map((r) => r.slice(1));
}

/**
 * Two companies at once: learners complete levels through the API while admins, managers and supervisors
 * read score pages, charts, filter choices and exports, and a background job keeps the database busy. Every
 * answer holds only its company's rows, and the final results take the attempts just completed.
 */
describe('scores in two companies at once', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });

  it('keeps every page, chart and export to its company while attempts are written', async () => {
    const worlds = new Map<Company, ScoreWorld>();
    for (const company of [a, b]) worlds.set(company, await buildScoreWorld(ctx, company));
    const idsOf = (company: Company) => {
      const w = worlds.get(company)!;
      return [
        w.s1.simId,
        w.s2.simId,
        w.cara.id,
        w.group.id,
        ...Object.values(w.attempts).map((x) => x.id),
        ...Object.values(company.users).map((u) => u.id),
      ];
    };
    const job = busyJob(ctx, a.company.companyId);
    const jobId = await job.start();

    const completed = new Map<Company, string[]>([
      [a, []],
      [b, []],
    ]);
    // each learner completes the level three times in a row (a new start exits an open attempt of the level)
    const writes = [a, b].map((company) => async () => {
      const w = worlds.get(company)!;
      const me = learner(company.as.agent, w.assignments.alexS2.id);
      let res: Answer | undefined;
      for (let round = 0; round < 3; round++) {
        const attempt = await me.start(w.s2.simId, w.s2.levels[0].id);
        res = await me.finalScore(attempt);
        expect(res.statusCode, res.body).toBe(200);
        completed.get(company)!.push(attempt);
      }
      return res as Answer;
    });
    const reads: { company: Company; run: () => Promise<Answer>; file?: boolean }[] = [];
    for (let round = 0; round < 3; round++)
      for (const company of [a, b]) {
        const w = worlds.get(company)!;
        const [admin, manager, supervisor] = [company.as.admin, company.as.manager, company.as.supervisor].map(
          scoreCalls,
        );
        reads.push(
          { company, run: () => admin.list() },
          { company, run: () => manager.list({ highest_level: true, sortBy: 'member', sort: 'asc' }) },
          { company, run: () => supervisor.list({ final_result: false }, { groups: [w.group.id] }) },
          { company, run: () => supervisor.list({}, { sims: [{ sim_id: w.s2.simId }] }) },
          { company, run: () => admin.insights() },
          { company, run: () => manager.filters() },
          // one export at a time per person (export-gate.ts): each round's download is a different person's, so
          // the three may overlap
          { company, run: () => [supervisor, manager, admin][round].download({ final_result: false }), file: true },
        );
      }
    const tasks = [...writes, ...reads.map((r) => r.run)];
    const answers = await runPool(tasks, 8);
    const readAnswers = answers.slice(writes.length);
    for (const [i, answer] of readAnswers.entries()) {
      const { company, file } = reads[i];
      expect(answer.statusCode, answer.body).toBe(200);
      const other = company === a ? b : a;
      const text = file ? JSON.stringify(await sheetRows(answer.rawPayload)) : answer.body;
      for (const id of idsOf(other)) expect(text).not.toContain(id);
      if (file) expect(text).toContain(`${worlds.get(company)!.tag} Cardiology`);
    }

    const { row, warnings } = await job.finish(jobId);
    expect(warnings).toEqual([]);
    expect(row).toMatchObject({ status: 'done', error: null });

    // after the writes: Alex's final result on S2 is the last attempt completed; every attempt is a row
    for (const company of [a, b]) {
      const w = worlds.get(company)!;
      const calls = scoreCalls(company.as.admin);
      const final = await calls.page({}, { sims: [{ sim_id: w.s2.simId }], members: [company.users.agent.id] });
      expect(final.total).toBe(1);
      expect(final.scores[0].response_id).toBe(completed.get(company)![2]);
      const every = (await calls.page({ final_result: false })) as TScoreListResponse;
      expect(every.total).toBe(8 + 3);
      const mine = new Set([...Object.values(w.attempts).map((x) => x.id), ...completed.get(company)!]);
      for (const score of every.scores) expect(mine.has(score.response_id)).toBe(true);
      const rows = await sheetRows((await calls.download({ final_result: false })).rawPayload);
      expect(rows).toHaveLength(1 + 11);
    }
  }, 120_000);
});
