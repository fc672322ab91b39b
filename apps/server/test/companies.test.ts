import { DEFAULT_ROLE_NAMES, ROLE_NAMES } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tempRoles, users } from '../src/db/schema/index';
import { buildUser, caller, expectFailure, forged, MISSING_ID, staffedCompany, testApp, unique } from './factories';

describe('companies and role lists', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });
  const platform = staffedCompany(ctx, { agent2: true, platformAdmin: true });

  describe('GET /api/v1/company/list', () => {
    it('answers only the caller’s company to a company administrator', async () => {
      const res = await a.as.admin.get('/api/v1/company/list');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, companies: [{ _id: a.company.companyId, name: a.company.name }] });
    });

    it('answers every company, sorted by name, to a platform administrator', async () => {
      const res = await platform.as.admin.get('/api/v1/company/list');
      expect(res.statusCode).toBe(200);
      const list = res.json().companies as { _id: string; name: string }[];
      for (const c of [a, b, platform]) expect(list).toContainEqual({ _id: c.company.companyId, name: c.company.name });
      const names = list.map((c) => c.name);
      expect(names).toEqual([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
    });

    it('answers 403 without roles or permissions view (even with forged headers), 401 signed out', async () => {
      expectFailure(
        await caller(ctx, a.tokens.manager, forged('roles', 'view')).get('/api/v1/company/list'),
        403,
        'FORBIDDEN',
      );
      expectFailure(await a.as.agent.get('/api/v1/company/list'), 403, 'FORBIDDEN');
      expectFailure(await a.as.nobody.get('/api/v1/company/list'), 401, 'UNAUTHORIZED');
    });
  });

  describe('GET /api/v1/company/role-list', () => {
    it('answers the caller’s company roles by default, with how many users hold each', async () => {
      await ctx.db.insert(tempRoles).values({
        userId: a.users.agent.id,
        roleId: a.company.roleIds[ROLE_NAMES.supervisor],
        startDate: '2000-01-01',
        endDate: '2999-01-01',
      });
      for (const url of ['/api/v1/company/role-list', `/api/v1/company/role-list?company_id=${a.company.companyId}`]) {
        const res = await a.as.manager.get(url);
        expect(res.statusCode, res.body).toBe(200);
        const body = res.json();
        expect(body.total).toBe(DEFAULT_ROLE_NAMES.length);
        expect(body.roles.map((r: { name: string }) => r.name)).toEqual([...DEFAULT_ROLE_NAMES].sort());
        const byName = Object.fromEntries(body.roles.map((r: { name: string }) => [r.name, r]));
        expect(byName.agent).toMatchObject({
          _id: a.company.roleIds.agent,
          company_id: a.company.companyId,
          disabled: false,
          duplicate_from: null,
          users_count: 2,
        });
        expect(byName.supervisor.users_count).toBe(2); // the supervisor and the agent's temporary role
      }
      // any signed-in user may read the roles of their company (the role selects)
      expect((await a.as.agent.get('/api/v1/company/role-list')).statusCode).toBe(200);
    });

    it('pages, searches and sorts on the server', async () => {
      const res = await a.as.admin.get('/api/v1/company/role-list?skip=1&limit=2&sortBy=name&order=desc');
      const body = res.json();
      expect(body.total).toBe(DEFAULT_ROLE_NAMES.length);
      expect(body.roles.map((r: { name: string }) => r.name)).toEqual(
        [...DEFAULT_ROLE_NAMES].sort().reverse().slice(1, 3),
      );
      const found = (await a.as.admin.get('/api/v1/company/role-list?textSearch=OWN')).json();
      expect(found.roles.map((r: { name: string }) => r.name)).toEqual(['account owner']);
      expect(found.total).toBe(1);
    });

    it('answers 404 for another company (a platform administrator may read any), 400 for a bad id, 401 signed out', async () => {
      expectFailure(
        await a.as.admin.get(`/api/v1/company/role-list?company_id=${b.company.companyId}`),
        404,
        'NOT_FOUND',
      );
      const res = await platform.as.admin.get(`/api/v1/company/role-list?company_id=${b.company.companyId}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().roles.every((r: { company_id: string }) => r.company_id === b.company.companyId)).toBe(true);
      expectFailure(
        await platform.as.admin.get(`/api/v1/company/role-list?company_id=${MISSING_ID}`),
        404,
        'NOT_FOUND',
      );
      expectFailure(await a.as.admin.get('/api/v1/company/role-list?company_id=12'), 400, 'INVALID');
      expectFailure(await a.as.admin.get('/api/v1/company/role-list?limit=0'), 400, 'INVALID');
      expectFailure(await a.as.admin.get('/api/v1/company/role-list?sortBy=secret'), 400, 'INVALID');
      expectFailure(await a.as.nobody.get('/api/v1/company/role-list'), 401, 'UNAUTHORIZED');
    });

    it('does not count a deleted user', async () => {
      const role = (await a.as.admin.post('/api/v1/roles', { name: unique('Counted') })).json().role;
      const u = await buildUser(
        ctx,
        { ...a.company, roleIds: { ...a.company.roleIds, counted: role._id } },
        { role: 'counted' },
      );
      const count = async () =>
        (
          (await a.as.admin.get(`/api/v1/company/role-list?textSearch=${role.name}`)).json().roles[0] as {
            users_count: number;
          }
        ).users_count;
      expect(await count()).toBe(1);
      await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, u.id));
      expect(await count()).toBe(0);
    });
  });
});
