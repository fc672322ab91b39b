import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { simLevels, simScripts, sims } from '../src/db/schema/index';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from '../src/seed/demo';
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
  });
});
