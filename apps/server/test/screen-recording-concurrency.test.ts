import { beforeAll, describe, expect, it } from 'vitest';
import { runPool, staffedCompany, testAppWithOwnJobs } from './factories';
import {
  buildUrl,
  makeWebm,
  recordedAttempt,
  sendPart,
  split,
  storedRows,
  videoUrl,
} from './screen-recording-fixtures';

/**
 * Two companies at once (issue 16): their learners upload parts, their staff read videos and statuses, and
 * each company's build job runs meanwhile. Every answer is the caller's own company's; the other company's
 * attempts answer 404; every acknowledged part is stored once; both videos are saved.
 */
describe('screen recording: two companies at once', () => {
  const ctx = testAppWithOwnJobs();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });
  let webm = Buffer.alloc(0);

  beforeAll(async () => {
    webm = await makeWebm(3);
  });

  it('keeps each company to its own data while uploads, reads and builds run together', async () => {
    const parts = split(webm, 8 * 1024);
    const companies = [a, b];
    const setup = await Promise.all(
      companies.map(async (c) => {
        const built = await recordedAttempt(ctx, c);
        for (const [i, p] of parts.entries())
          await sendPart(c.as.agent, {
            id: built.attempt.id,
            chunkNumber: i,
            totalChunks: i === parts.length - 1 ? parts.length : i + 1,
            data: p,
          });
        const uploading = [await recordedAttempt(ctx, c), await recordedAttempt(ctx, c, { user: 'agent2' })];
        return { built: built.attempt.id, uploading: uploading.map((u) => u.attempt.id), c };
      }),
    );
    for (const s of setup) {
      const res = await s.c.as.agent.post(buildUrl(s.built), { sources: ['screen-1.webm'], duration: 3 });
      expect(res.statusCode, res.body).toBe(202);
    }
    ctx.app.jobs.start();
    const building = ctx.app.jobs.drain();

    type Check = { company: number; body: string; status: number; expect: number };
    const tasks: (() => Promise<Check>)[] = [];
    for (const [ci, s] of setup.entries()) {
      const other = setup[1 - ci];
      const learners = [s.c.as.agent, s.c.as.agent2];
      for (const [li, attemptId] of s.uploading.entries())
        for (const [i, p] of parts.entries())
          for (let copy = 0; copy < 2; copy++)
            tasks.push(async () => {
              const res = await sendPart(learners[li], {
                id: attemptId,
                chunkNumber: i,
                totalChunks: parts.length,
                data: p,
              });
              return { company: ci, body: res.body, status: res.statusCode, expect: 200 };
            });
      for (const as of [s.c.as.admin, s.c.as.manager, s.c.as.supervisor, s.c.as.agent])
        tasks.push(async () => {
          const res = await as.get(videoUrl(s.built));
          return { company: ci, body: res.body, status: res.statusCode, expect: 200 };
        });
      for (const as of [s.c.as.admin, s.c.as.supervisor, s.c.as.agent])
        tasks.push(async () => {
          const res = await as.get(videoUrl(other.built));
          return { company: ci, body: res.body, status: res.statusCode, expect: 404 };
        });
      tasks.push(async () => {
        const res = await sendPart(s.c.as.agent, {
          id: other.uploading[0],
          chunkNumber: 0,
          totalChunks: 1,
          data: parts[0],
        });
        return { company: ci, body: res.body, status: res.statusCode, expect: 404 };
      });
    }
    // interleave the two companies
    const order = tasks
      .map((t, i) => [Math.sin(i * 7919), t] as const)
      .sort((x, y) => x[0] - y[0])
      .map(([, t]) => t);
    const answers = await runPool(order, 8);
    await building;

    for (const ans of answers) {
      expect(ans.status, ans.body).toBe(ans.expect);
      const other = setup[1 - ans.company];
      expect(ans.body).not.toContain(other.c.company.companyId);
      for (const id of [other.built, ...other.uploading]) expect(ans.body).not.toContain(id);
    }
    for (const s of setup) {
      const built = await storedRows(ctx, s.built);
      expect(built.video).toMatchObject({ status: 'saved', companyId: s.c.company.companyId });
      const read = (await s.c.as.supervisor.get(videoUrl(s.built))).json();
      expect(read.video_url).toContain(`/screen-recordings/${s.c.company.companyId}/${s.built}/`);
      for (const id of s.uploading) {
        const rows = await storedRows(ctx, id);
        expect(rows.parts.map((p) => p.chunkNumber)).toEqual(parts.map((_, i) => i));
        expect(rows.files).toMatchObject([{ companyId: s.c.company.companyId, totalChunks: parts.length }]);
      }
    }
  }, 120_000);
});
