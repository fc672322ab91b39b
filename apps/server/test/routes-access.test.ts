import { hasPermission, MESSAGES, ROLE_NAMES, ROUTE_PERMISSIONS, routeKey } from '@sim/shared';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { accessFor, allows, registerAccessControl } from '../src/plugins/access';
import { bearer, buildCompany, buildUser, testApp, tokenFor } from './factories';

const concrete = (url: string) => url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');

describe('route access table', () => {
  const ctx = testApp();

  it('has an entry for every registered /api route', () => {
    expect(ctx.app.apiRoutes.length).toBeGreaterThan(8);
    for (const r of ctx.app.apiRoutes) expect(accessFor(r.method, r.url), routeKey(r.method, r.url)).toBeDefined();
    // and every entry of the table names a route that exists (no stale entries)
    const registered = new Set(ctx.app.apiRoutes.map((r) => routeKey(r.method, r.url)));
    for (const key of Object.keys(ROUTE_PERMISSIONS)) {
      if (key.endsWith('/*')) continue;
      expect(registered.has(key), key).toBe(true);
    }
  });

  it('refuses to register an /api route without a contract, even one whose URL has a contract', () => {
    const app = Fastify();
    registerAccessControl(app);
    expect(() => app.get('/api/v1/not-in-the-table', async () => ({}))).toThrow(/has no contract/);
    expect(() => app.get('/api/v1/groups/listing', async () => ({}))).toThrow(/has no contract/);
    expect(() => app.get('/not-api', async () => ({}))).not.toThrow();
  });

  it('answers 401 on every non-public route without a token', async () => {
    for (const r of ctx.app.apiRoutes) {
      const access = accessFor(r.method, r.url);
      if (access === 'public') continue;
      const res = await ctx.app.inject({ method: r.method as 'GET', url: concrete(r.url) });
      expect(res.statusCode, routeKey(r.method, r.url)).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    }
  });

  it("answers 403 to an agent's token on every route it lacks, even with forged task/type headers", async () => {
    const company = await buildCompany(ctx);
    const agent = await buildUser(ctx, company, { role: ROLE_NAMES.agent });
    const token = await tokenFor(ctx, agent);
    const me = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/permissions/user-details', headers: bearer(token) })
    ).json();
    const held = new Set<string>(
      me.permissions.flatMap((p: { permission_details: { task_name: string; permission_type: string }[] }) =>
        p.permission_details.map((d) => `${d.task_name}:${d.permission_type}`),
      ),
    );
    const actor = {
      userId: agent.id,
      companyId: company.companyId,
      roleName: 'agent',
      isAgent: true,
      isPlatformAdmin: false,
      permissions: held as Set<never>,
    };
    let checked = 0;
    for (const r of ctx.app.apiRoutes) {
      const access = accessFor(r.method, r.url)!;
      if (allows(access, actor)) continue;
      const forged =
        typeof access === 'object' && 'task' in access
          ? { task: access.task, type: access.type }
          : { task: 'permissions', type: 'create' };
      const res = await ctx.app.inject({
        method: r.method as 'GET',
        url: concrete(r.url),
        headers: { ...bearer(token), ...forged },
        payload: r.method === 'GET' ? undefined : {},
      });
      expect(res.statusCode, routeKey(r.method, r.url)).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN', message: MESSAGES.forbidden });
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(2);
    expect(hasPermission(held, 'employee_list', 'update')).toBe(false);
  });
});
