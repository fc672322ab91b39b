import { EXCEL_LEVELS, EXPORT_LIMITS, EXPORT_MESSAGES } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { type Answer, type Caller, expectFailure, runPool, scoreCalls, staffedCompany, testApp } from './factories';

/**
 * Issue 32: ten exports at once grew the server by 300 MB and held /api/health for 5 s. Now a few are written
 * at once per instance (EXPORT_LIMITS.running), the next ones wait their turn in a short line (429 past it),
 * and one person's second export while their first is being prepared is refused (429).
 */
describe('large exports take turns', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx);
  const b = staffedCompany(ctx);

  const assignments = (as: Caller) => as.get('/api/v1/sims/excel/assignments?tab=All_ASSIGNMENT');
  const scores = (as: Caller) => scoreCalls(as).download();

  it('refuses a person’s second export while their first is being prepared, in both kinds', async () => {
    const release = await ctx.deps.exportGate.enter(a.users.supervisor.id);
    try {
      for (const send of [assignments, scores]) {
        const res = await send(a.as.supervisor);
        expectFailure(res, 429, 'RATE_LIMITED');
        expect(res.json().message).toBe(EXPORT_MESSAGES.ownExportRunning);
      }
      // another person exports meanwhile
      expect((await assignments(a.as.admin)).statusCode).toBe(200);
    } finally {
      release();
    }
    const res = await scores(a.as.supervisor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(EXCEL_LEVELS.mimeType);
  });

  it('refuses an export when the turns and the line are full, and serves it once they are free', async () => {
    const held = await Promise.all(
      Array.from({ length: EXPORT_LIMITS.running }, (_, i) => ctx.deps.exportGate.enter(`running-${i}`)),
    );
    const waiting = Array.from({ length: EXPORT_LIMITS.waiting }, (_, i) => ctx.deps.exportGate.enter(`waiting-${i}`));
    try {
      const res = await assignments(b.as.manager);
      expectFailure(res, 429, 'RATE_LIMITED');
      expect(res.json().message).toBe(EXPORT_MESSAGES.busy);
    } finally {
      // each waiting one leaves as soon as its turn comes, handing the turn on
      const left = waiting.map((entered) => entered.then((release) => release()));
      for (const release of held) release();
      await Promise.all(left);
    }
    expect((await assignments(b.as.manager)).statusCode).toBe(200);
  });

  it('writes at most a few at once while two companies export and read together; every export is served', async () => {
    const before = ctx.deps.exportGate.peak;
    expect(before).toBeLessThanOrEqual(EXPORT_LIMITS.running);
    const people = [a, b].flatMap((c) => [c.as.admin, c.as.manager, c.as.supervisor]);
    type Task = () => Promise<{ kind: string; res: Answer }>;
    const tasks: Task[] = people.flatMap((as, i): Task[] => [
      async () => ({ kind: 'export', res: await (i % 2 ? scores(as) : assignments(as)) }),
      async () => ({ kind: 'read', res: await as.get('/api/v1/sims/assignment/list?skip=0&limit=50') }),
      async () => ({ kind: 'read', res: await scoreCalls(as).list() }),
    ]);
    ctx.app.jobs.start();
    const answers = await runPool(tasks, tasks.length);
    for (const { res } of answers) expect(res.statusCode, res.body).toBe(200);
    expect(answers.filter((x) => x.kind === 'export')).toHaveLength(people.length);
    expect(ctx.deps.exportGate.peak).toBeLessThanOrEqual(EXPORT_LIMITS.running);
    expect(ctx.deps.exportGate.peak).toBeGreaterThan(0);
  });
});
