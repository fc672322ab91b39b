import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { roles, sims } from '../src/db/schema/index';
import {
  basicInfo,
  busyJob,
  type Caller,
  caller,
  login,
  runPool,
  type StaffedCompany,
  staffedCompany,
  testApp,
  unique,
} from './factories';

/**
 * Writes overlapping reads, across two companies, while a background job runs: the defect of the old
 * embedded database (one session shared by every pool connection) answered one company's requests with
 * another's rows and stored writes under the wrong author. Every answer is checked against what the
 * caller may see, every write against its company and author.
 */

type Answer = { statusCode: number; body: string };

describe('two companies under concurrent writes and reads, with a job running', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });

  it("never answers one company's rows or another user's permissions to the other, and files every write under its own company and author", async () => {
    const job = busyJob(ctx, a.company.companyId);
    const jobId = await job.start();

    // what each reader should see, read alone before the storm
    const bOwner = b.as.admin; // the account owner's view of company B: its roles and employees
    const aAgent = a.as.agent;
    const baseline = {
      bRoles: (await bOwner.get('/api/v1/company/role-list')).body,
      bEmployees: (await bOwner.get('/api/v1/employee/list?skip=0&limit=50')).body,
      aAgentDetails: (await aAgent.get('/api/v1/permissions/user-details')).body,
      bOwnerDetails: (await bOwner.get('/api/v1/permissions/user-details')).body,
    };
    const foreign = [
      a.company.companyId,
      ...Object.values(a.users).map((u) => u.id),
      ...Object.values(a.company.roleIds),
    ];

    const simTitles: string[] = [];
    const roleNames: string[] = [];
    const writes: (() => Promise<Answer>)[] = [];
    for (let i = 0; i < 24; i++) {
      if (i % 2 === 0) {
        const title = unique('Storm sim');
        simTitles.push(title);
        writes.push(() => basicInfo(a.as.admin, { title, description: 'written under load' }));
      } else {
        const name = unique('Storm role');
        roleNames.push(name);
        writes.push(() => a.as.admin.post('/api/v1/roles', { name }));
      }
    }
    const reads: { who: string; run: () => Promise<Answer>; expect: (r: Answer) => void }[] = [];
    const same = (want: string) => (r: Answer) => {
      expect(r.statusCode, r.body).toBe(200);
      expect(r.body).toBe(want);
    };
    for (let i = 0; i < 40; i++) {
      reads.push({
        who: 'b owner roles',
        run: () => bOwner.get('/api/v1/company/role-list'),
        expect: same(baseline.bRoles),
      });
      reads.push({
        who: 'b owner employees',
        run: () => bOwner.get('/api/v1/employee/list?skip=0&limit=50'),
        expect: same(baseline.bEmployees),
      });
      reads.push({
        who: 'b owner details',
        run: () => bOwner.get('/api/v1/permissions/user-details'),
        expect: same(baseline.bOwnerDetails),
      });
      reads.push({
        who: 'a agent details',
        run: () => aAgent.get('/api/v1/permissions/user-details'),
        expect: same(baseline.aAgentDetails),
      });
      reads.push({
        who: 'a agent employees (no permission)',
        run: () => aAgent.get('/api/v1/employee/list?skip=0&limit=50'),
        expect: (r) => expect(r.statusCode, r.body).toBe(403),
      });
    }

    const [writeAnswers, readAnswers] = await Promise.all([
      runPool(writes, 3),
      runPool(
        reads.map((r) => r.run),
        6,
      ),
    ]);

    for (const w of writeAnswers) expect(w.statusCode, w.body).toBe(200);
    readAnswers.forEach((answer, i) => {
      expect(answer.statusCode, `${reads[i].who}: ${answer.body}`).toBeLessThan(500);
      reads[i].expect(answer);
      if (reads[i].who.startsWith('b ')) for (const id of foreign) expect(answer.body).not.toContain(id);
    });

    const stored = await ctx.db.select().from(sims).where(inArray(sims.title, simTitles));
    expect(stored).toHaveLength(simTitles.length);
    for (const s of stored)
      expect({ company: s.companyId, author: s.createdBy }).toEqual({
        company: a.company.companyId,
        author: a.users.admin.id,
      });
    const storedRoles = await ctx.db.select().from(roles).where(inArray(roles.name, roleNames));
    expect(storedRoles).toHaveLength(roleNames.length);
    for (const r of storedRoles) expect(r.companyId).toBe(a.company.companyId);

    const { row, warnings } = await job.finish(jobId);
    expect(row).toMatchObject({ status: 'done', attempts: 1, error: null });
    expect(warnings).toEqual([]);
  });

  it('answers 200 requests, 20 at a time, of sign-in, user details, the employee list and the sim list with no 5xx while a job runs', async () => {
    const job = busyJob(ctx, b.company.companyId);
    const jobId = await job.start();
    const people: { email: string; as: Caller; company: StaffedCompany<{ agent2: true }> }[] = [
      { email: a.users.admin.email, as: a.as.admin, company: a },
      { email: b.users.admin.email, as: b.as.admin, company: b },
      { email: a.users.manager.email, as: a.as.manager, company: a },
      { email: b.users.supervisor.email, as: b.as.supervisor, company: b },
    ];
    const tasks: (() => Promise<Answer & { token?: string; who: string }>)[] = [];
    for (let i = 0; i < 200; i++) {
      const p = people[i % people.length];
      const kind = Math.floor(i / people.length) % 4;
      tasks.push(async () => {
        if (kind === 0) {
          const token = await login(ctx, p.email);
          const me = await caller(ctx, token).get('/api/v1/permissions/user-details');
          return { ...me, who: p.email };
        }
        if (kind === 1) return { ...(await p.as.get('/api/v1/permissions/user-details')), who: p.email };
        if (kind === 2) return { ...(await p.as.get('/api/v1/employee/list?skip=0&limit=10')), who: p.email };
        return { ...(await p.as.get('/api/v1/sims/listing?skip=0&limit=10')), who: p.email };
      });
    }
    const answers = await runPool(tasks, 20);
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    for (const [i, r] of answers.entries()) {
      expect(r.statusCode, r.body).toBe(200);
      const other = people[i % people.length].company === a ? b : a;
      expect(r.body).not.toContain(other.company.companyId);
      for (const u of Object.values(other.users)) expect(r.body).not.toContain(u.id);
    }
    const { row, warnings } = await job.finish(jobId);
    expect(row).toMatchObject({ status: 'done', attempts: 1 });
    expect(warnings).toEqual([]);
  });
});
