import type { TAssignment } from '@sim/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { assignments, auditLog, sims } from '../src/db/schema/index';
import {
  buildAssignment,
  buildGroup,
  buildScriptedSim,
  busyJob,
  type Caller,
  runPool,
  type StaffedCompany,
  staffedCompany,
  testApp,
} from './factories';

type Answer = { statusCode: number; body: string };

/**
 * Two companies add, delete, list and count assignments at once while a job runs: every answer holds only
 * its caller's company's rows (and a learner only their own), every stored row and audit entry is filed
 * under the company that made it, and the counts agree with the lists afterwards.
 */
describe('assignments of two companies under concurrent writes and reads, with a job running', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });
  const sims_: Record<'a' | 'b', { simId: string; tool: string }> = {} as never;
  const groups_: Record<'a' | 'b', string> = {} as never;

  beforeAll(async () => {
    for (const [key, co] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const { simId } = await buildScriptedSim(ctx, co.users.admin);
      const [sim] = await ctx.db.select().from(sims).where(eq(sims.id, simId));
      sims_[key] = { simId, tool: sim.productId };
      groups_[key] = (await buildGroup(ctx, co.company, { members: [co.users.agent.id, co.users.agent2.id] })).id;
    }
  });

  it("never answers one company's assignments to the other, nor another learner's to a learner", async () => {
    const companies = { a, b } as Record<'a' | 'b', StaffedCompany<{ agent2: true }>>;
    // NOT STARTED rows to delete during the storm
    const doomed: Record<'a' | 'b', string[]> = { a: [], b: [] };
    for (const key of ['a', 'b'] as const)
      for (let i = 0; i < 6; i++)
        doomed[key].push(
          (
            await buildAssignment(ctx, {
              companyId: companies[key].company.companyId,
              simId: sims_[key].simId,
              userId: companies[key].users.agent2.id,
            })
          ).id,
        );

    const job = busyJob(ctx, a.company.companyId);
    const jobId = await job.start();

    const writes: (() => Promise<Answer & { key: 'a' | 'b'; kind: string }>)[] = [];
    for (const key of ['a', 'b'] as const) {
      const co = companies[key];
      const sim = sims_[key];
      for (let i = 0; i < 8; i++) {
        const byGroup = i % 2 === 1;
        const by = i % 4 < 2 ? co.as.admin : co.as.manager;
        writes.push(async () => ({
          key,
          kind: 'add',
          ...(await by.post('/api/v1/sims/assignment/add', {
            tool: sim.tool,
            assigned_sim: sim.simId,
            ...(byGroup ? { group_id: groups_[key] } : { user_id: co.users.agent.id }),
            assignment_notes: `storm ${key} ${i}`,
          })),
        }));
      }
      for (const id of doomed[key])
        writes.push(async () => ({
          key,
          kind: 'delete',
          ...(await co.as.admin.delete(`/api/v1/sims/delete-assignment/${id}`)),
        }));
      // cross-company attempts: always 404
      for (const id of doomed[key === 'a' ? 'b' : 'a'].slice(0, 2))
        writes.push(async () => ({
          key,
          kind: 'foreign delete',
          ...(await co.as.admin.delete(`/api/v1/sims/delete-assignment/${id}`)),
        }));
    }

    type Read = { key: 'a' | 'b'; who: string; as: Caller; userId: string; url: string };
    const reads: Read[] = [];
    const urls = [
      '/api/v1/sims/assignment/list?tab=All_ASSIGNMENT&limit=100',
      '/api/v1/sims/assignment/list?tab=MY_ASSIGNMENT&limit=100',
      '/api/v1/sims/assignment/list?tab=COMPLETED&limit=100',
      '/api/v1/sims/assignment/count',
      '/api/v1/users/count',
    ];
    for (let i = 0; i < 8; i++)
      for (const key of ['a', 'b'] as const)
        for (const who of ['admin', 'supervisor', 'agent'] as const)
          for (const url of urls)
            reads.push({ key, who, as: companies[key].as[who], userId: companies[key].users[who].id, url });

    const [writeAnswers, readAnswers] = await Promise.all([
      runPool(writes, 4),
      runPool(
        reads.map((r) => () => r.as.get(r.url)),
        8,
      ),
    ]);

    for (const w of writeAnswers) {
      if (w.kind === 'foreign delete') expect(w.statusCode, w.body).toBe(404);
      else expect(w.statusCode, `${w.kind}: ${w.body}`).toBe(200);
    }

    // every id of each company, read after the storm
    const idsOf = async (key: 'a' | 'b') => {
      const co = companies[key];
      const rows = await ctx.db
        .select({ id: assignments.id })
        .from(assignments)
        .where(eq(assignments.companyId, co.company.companyId));
      return [
        co.company.companyId,
        sims_[key].simId,
        groups_[key],
        ...Object.values(co.users).map((u) => u.id),
        ...rows.map((r) => r.id),
        ...doomed[key],
      ];
    };
    const foreign = { a: await idsOf('b'), b: await idsOf('a') };
    const ownUsers = {
      a: new Set(Object.values(a.users).map((u) => u.id)),
      b: new Set(Object.values(b.users).map((u) => u.id)),
    };
    readAnswers.forEach((answer, i) => {
      const r = reads[i];
      expect(answer.statusCode, `${r.key} ${r.who} ${r.url}: ${answer.body}`).toBe(200);
      for (const id of foreign[r.key]) expect(answer.body).not.toContain(id);
      if (!r.url.includes('/list')) return;
      const rows = answer.json().assignments as TAssignment[];
      for (const row of rows) {
        expect(ownUsers[r.key].has(row.assigned_to_id)).toBe(true);
        if (r.who === 'agent') expect(row).toMatchObject({ assigned_to_id: r.userId, is_mine: true });
      }
    });

    // stored: each company's adds (4 to the agent, 4 to the two-member group) and no doomed row left
    for (const key of ['a', 'b'] as const) {
      const co = companies[key];
      const rows = await ctx.db.select().from(assignments).where(eq(assignments.companyId, co.company.companyId));
      expect(rows).toHaveLength(4 + 4 * 2);
      for (const row of rows) {
        expect(row.simId).toBe(sims_[key].simId);
        expect(ownUsers[key].has(row.assignedToId)).toBe(true);
        expect(ownUsers[key].has(row.assignedById!)).toBe(true);
        expect(row.notes.startsWith(`storm ${key} `)).toBe(true);
      }
      const entries = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.companyId, co.company.companyId)));
      expect(entries.filter((e) => e.action === 'assignment.create')).toHaveLength(8);
      expect(
        entries
          .filter((e) => e.action === 'assignment.delete')
          .map((e) => e.targetId)
          .sort(),
      ).toEqual([...doomed[key]].sort());
      // the counts agree with the lists once the storm is over
      for (const who of ['admin', 'agent'] as const) {
        const counts = (await co.as[who].get('/api/v1/sims/assignment/count')).json();
        const all = (await co.as[who].get('/api/v1/sims/assignment/list?tab=All_ASSIGNMENT&limit=100')).json();
        expect(all.total).toBe(counts.allAssignmentCount);
        expect(all.total).toBe(who === 'admin' ? 12 : 8);
      }
    }

    const { row, warnings } = await job.finish(jobId);
    expect(row).toMatchObject({ status: 'done', attempts: 1, error: null });
    expect(warnings).toEqual([]);
  }, 120_000);
});
