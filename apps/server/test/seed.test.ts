import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { assignments, attemptLines, attempts, simLevels, simScripts, sims, users } from '../src/db/schema/index';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../src/seed/demo';
import { seedDemoAssignments } from '../src/seed/demo-assignments';
import { seedDemoSim } from '../src/seed/demo-sim';
import { bearer, login, testApp } from './factories';

describe('demo seed (DECISIONS.md section 8)', () => {
  const ctx = testApp();

  it('seeds the company, its users, groups and a generated sim once, and every account signs in', async () => {
    const first = await seedDemo(ctx.db);
    expect(first?.seeded).toBe(true);
    const again = await seedDemo(ctx.db);
    expect(again).toEqual({ seeded: false, companyId: first!.companyId, adminId: first!.adminId });

    expect(await seedDemoSim(ctx.deps, first!.companyId, first!.adminId)).toBe(true);
    expect(await seedDemoSim(ctx.deps, first!.companyId, first!.adminId)).toBe(false);
    const [sim] = await ctx.db.select().from(sims).where(eq(sims.companyId, first!.companyId));
    expect(sim.activeStep).toBe(2);
    const levels = await ctx.db.select().from(simLevels).where(eq(simLevels.simId, sim.id));
    expect(levels.map((l) => l.name).sort()).toEqual(
      ['Try w/ keywords', 'Try w/ scripts', 'Try w/o help', 'Watch and Learn', 'Watch the experts'].sort(),
    );
    const scripts = await ctx.db.select().from(simScripts).where(eq(simScripts.simId, sim.id));
    const firstLevel = levels.find((l) => l.name === 'Watch and Learn')!;
    expect(scripts.filter((s) => s.simLevelId === firstLevel.id)).toHaveLength(9);
    expect(scripts.some((s) => (s.keywords as string[]).includes('appointment'))).toBe(true);

    for (const account of DEMO_ACCOUNTS) {
      const token = await login(ctx, account.email, DEMO_PASSWORD);
      const me = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/permissions/user-details',
        headers: bearer(token),
      });
      expect(me.json().user).toMatchObject({
        email_id: account.email,
        role: account.role,
        company_name: 'Demo Health',
      });
    }

    // the demo assignments: agent@demo.local NOT STARTED, IN PROGRESS and COMPLETED; agent2 NOT STARTED
    expect(await seedDemoAssignments(ctx.db, first!.companyId)).toBe(true);
    expect(await seedDemoAssignments(ctx.db, first!.companyId)).toBe(false);
    const rows = await ctx.db
      .select({ id: assignments.id, status: assignments.status, email: users.email, notes: assignments.notes })
      .from(assignments)
      .innerJoin(users, eq(users.id, assignments.assignedToId))
      .where(eq(assignments.companyId, first!.companyId));
    expect(rows.map((r) => `${r.email} ${r.status}`).sort()).toEqual([
      'agent2@demo.local NOT STARTED',
      'agent@demo.local COMPLETED',
      'agent@demo.local IN PROGRESS',
      'agent@demo.local NOT STARTED',
    ]);
    const completed = rows.find((r) => r.status === 'COMPLETED')!;
    const done = await ctx.db.select().from(attempts).where(eq(attempts.assignmentId, completed.id));
    expect(done.map((t) => t.simLevelId).sort()).toEqual(levels.map((l) => l.id).sort());
    expect(done.every((t) => t.status === 'completed' && t.completedAt !== null)).toBe(true);
    const lines = await ctx.db
      .select()
      .from(attemptLines)
      .where(
        inArray(
          attemptLines.attemptId,
          done.map((t) => t.id),
        ),
      );
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.status === 'Completed' && l.passed && l.gradeScore === 100)).toBe(true);
    const started = rows.find((r) => r.status === 'IN PROGRESS')!;
    expect(await ctx.db.select().from(attempts).where(eq(attempts.assignmentId, started.id))).toMatchObject([
      { status: 'started' },
    ]);

    // what the learner sees of it through the API
    const agent = await login(ctx, 'agent@demo.local', DEMO_PASSWORD);
    const counts = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/sims/assignment/count', headers: bearer(agent) })
    ).json();
    expect(counts).toMatchObject({
      allAssignmentCount: 3,
      myAssignmentCount: 2,
      completedAssignmentCount: 1,
      unopenedCompletedAssignments: 1,
    });
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/sims/assignment/status/${completed.id}`,
      headers: bearer(agent),
    });
    expect(status.json()).toMatchObject({ status: 'COMPLETED', send_for_review: true });
  });
});
