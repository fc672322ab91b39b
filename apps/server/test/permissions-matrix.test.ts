import { ADMIN_TEXTS, defaultGrantsFor, PERMISSION_CATALOGUE, permissionKey, ROLE_NAMES } from '@sim/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, tasks } from '../src/db/schema/index';
import { permissionIdsByKey } from '../src/modules/permissions/catalogue';
import {
  caller,
  expectFailure,
  forged,
  MISSING_ID,
  rolePermissionIds,
  staffedCompany,
  testApp,
  userWithGrants,
} from './factories';

interface MatrixBody {
  company_id: string;
  list: {
    product_name: string;
    tasks: { task_id: string; task_name: string; permissions: { permission_type: string; permission_id: string }[] }[];
  }[];
  roles: { _id: string; name: string; disabled: boolean; permissions: string[] }[];
}

describe('permission matrix', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });
  const platform = staffedCompany(ctx, { agent2: true, platformAdmin: true });
  let ids: Map<string, string>;
  beforeAll(async () => {
    ids = await permissionIdsByKey(ctx.db);
  });

  describe('POST /api/v1/permissions/details', () => {
    it('answers products × tasks × types in catalogue order and each role of the company with its permission ids', async () => {
      const res = await a.as.admin.post('/api/v1/permissions/details');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as MatrixBody;
      expect(body.company_id).toBe(a.company.companyId);
      expect(body.list.map((p) => p.product_name)).toEqual(PERMISSION_CATALOGUE.map((p) => p.name));
      for (const [i, product] of PERMISSION_CATALOGUE.entries()) {
        expect(body.list[i].tasks.map((t) => t.task_name)).toEqual(product.tasks.map((t) => t.name));
        for (const [j, task] of product.tasks.entries()) {
          const got = body.list[i].tasks[j].permissions;
          expect(got.map((p) => p.permission_type)).toEqual([...task.types]);
          for (const p of got) expect(p.permission_id).toBe(ids.get(`${task.name}:${p.permission_type}`));
        }
      }
      const admin = body.list[1].tasks[0];
      expect(admin).toMatchObject({ task_name: 'employee_list', task_definition: expect.any(String) });
      expect(body.roles.map((r) => r.name).sort()).toEqual([
        'account owner',
        'admin',
        'agent',
        'manager',
        'supervisor',
      ]);
      const manager = body.roles.find((r) => r.name === ROLE_NAMES.manager)!;
      const expected = defaultGrantsFor(ROLE_NAMES.manager).map((g) => ids.get(permissionKey(g.task, g.type)));
      expect([...manager.permissions].sort()).toEqual([...expected].sort());
      // the query param names the company; the caller's own is fine
      const again = await a.as.admin.post(`/api/v1/permissions/details?company_id=${a.company.companyId}`, {});
      expect(again.json().roles).toHaveLength(5);
      expect(again.json().roles.some((r: { _id: string }) => r._id === b.company.roleIds.admin)).toBe(false);
    });

    it("answers 404 for another company's matrix (a platform administrator may read it), 400 bad id, 403 without permissions view, 401", async () => {
      expectFailure(
        await a.as.admin.post(`/api/v1/permissions/details?company_id=${b.company.companyId}`),
        404,
        'NOT_FOUND',
      );
      const res = await platform.as.admin.post(`/api/v1/permissions/details?company_id=${b.company.companyId}`);
      expect(res.statusCode).toBe(200);
      expect((res.json() as MatrixBody).roles.map((r) => r._id).sort()).toEqual(
        Object.values(b.company.roleIds).sort(),
      );
      expectFailure(await a.as.admin.post('/api/v1/permissions/details?company_id=x'), 400, 'INVALID');
      expectFailure(
        await caller(ctx, a.tokens.manager, forged('permissions', 'view')).post('/api/v1/permissions/details'),
        403,
        'FORBIDDEN',
      );
      expectFailure(await a.as.nobody.post('/api/v1/permissions/details'), 401, 'UNAUTHORIZED');
    });
  });

  describe('POST /api/v1/roles/save-permissions', () => {
    it('replaces the permissions of each listed role, and the audit log records it', async () => {
      const { roleId } = await userWithGrants(ctx, a.company, [{ task: 'groups', type: 'view' }]);
      const wanted = [ids.get('groups:view')!, ids.get('groups:create')!, ids.get('notifications:view')!];
      const agentRole = a.company.roleIds.agent;
      const agentBefore = await rolePermissionIds(ctx, agentRole);
      const res = await a.as.admin.post('/api/v1/roles/save-permissions', {
        permission_data: [
          { role_id: roleId, permissions: [...wanted, wanted[0]] },
          { role_id: agentRole, permissions: agentBefore },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: ADMIN_TEXTS.permissionsSaved });
      expect(await rolePermissionIds(ctx, roleId)).toEqual([...wanted].sort());
      expect(await rolePermissionIds(ctx, agentRole)).toEqual(agentBefore);
      const logged = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'role.permissions.save'), eq(auditLog.targetId, roleId)));
      expect(logged).toHaveLength(1);
      // an empty list removes everything
      await a.as.admin.post('/api/v1/roles/save-permissions', {
        permission_data: [{ role_id: roleId, permissions: [] }],
      });
      expect(await rolePermissionIds(ctx, roleId)).toEqual([]);
    });

    it("a permission removed in the matrix is refused on that user's next call, without signing out", async () => {
      const managerRole = a.company.roleIds[ROLE_NAMES.manager];
      const before = await rolePermissionIds(ctx, managerRole);
      const groupsView = ids.get('groups:view')!;
      expect(before).toContain(groupsView);
      expect((await a.as.manager.get('/api/v1/groups/listing')).statusCode).toBe(200);

      const save = await a.as.admin.post('/api/v1/roles/save-permissions', {
        permission_data: [{ role_id: managerRole, permissions: before.filter((id) => id !== groupsView) }],
      });
      expect(save.statusCode, save.body).toBe(200);
      // same token, next call
      expectFailure(await a.as.manager.get('/api/v1/groups/listing'), 403, 'FORBIDDEN');
      const details = (await a.as.manager.get('/api/v1/permissions/user-details')).json();
      const held = details.permissions.flatMap((p: { permission_details: { permission_id: string }[] }) =>
        p.permission_details.map((d) => d.permission_id),
      );
      expect(held).not.toContain(groupsView);
      // given back: allowed again on the next call
      await a.as.admin.post('/api/v1/roles/save-permissions', {
        permission_data: [{ role_id: managerRole, permissions: before }],
      });
      expect((await a.as.manager.get('/api/v1/groups/listing')).statusCode).toBe(200);
    });

    it('answers 400 for unknown permission ids, a role listed twice, an empty list or bad ids', async () => {
      const roleId = a.company.roleIds.supervisor;
      const before = await rolePermissionIds(ctx, roleId);
      expectFailure(
        await a.as.admin.post('/api/v1/roles/save-permissions', {
          permission_data: [{ role_id: roleId, permissions: [ids.get('groups:view'), MISSING_ID] }],
        }),
        400,
        'INVALID',
        ADMIN_TEXTS.unknownPermission,
      );
      expectFailure(
        await a.as.admin.post('/api/v1/roles/save-permissions', {
          permission_data: [
            { role_id: roleId, permissions: [] },
            { role_id: roleId, permissions: [] },
          ],
        }),
        400,
        'INVALID',
        ADMIN_TEXTS.duplicateRoleInRequest,
      );
      expectFailure(await a.as.admin.post('/api/v1/roles/save-permissions', { permission_data: [] }), 400, 'INVALID');
      expectFailure(await a.as.admin.post('/api/v1/roles/save-permissions', {}), 400, 'INVALID');
      expectFailure(
        await a.as.admin.post('/api/v1/roles/save-permissions', {
          permission_data: [{ role_id: roleId, permissions: ['x'] }],
        }),
        400,
        'INVALID',
      );
      expect(await rolePermissionIds(ctx, roleId)).toEqual(before);
    });

    it("answers 404 when any role is another company's (nothing saved); a platform administrator may save any company", async () => {
      const mine = a.company.roleIds.supervisor;
      const theirs = b.company.roleIds.agent;
      const mineBefore = await rolePermissionIds(ctx, mine);
      const theirsBefore = await rolePermissionIds(ctx, theirs);
      expectFailure(
        await a.as.admin.post('/api/v1/roles/save-permissions', {
          permission_data: [
            { role_id: mine, permissions: [] },
            { role_id: theirs, permissions: [] },
          ],
        }),
        404,
        'NOT_FOUND',
      );
      expect(await rolePermissionIds(ctx, mine)).toEqual(mineBefore);
      expect(await rolePermissionIds(ctx, theirs)).toEqual(theirsBefore);
      expectFailure(
        await a.as.admin.post('/api/v1/roles/save-permissions', {
          permission_data: [{ role_id: MISSING_ID, permissions: [] }],
        }),
        404,
        'NOT_FOUND',
      );
      const res = await platform.as.admin.post('/api/v1/roles/save-permissions', {
        permission_data: [{ role_id: theirs, permissions: [...theirsBefore, ids.get('groups:view')!] }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await rolePermissionIds(ctx, theirs)).toEqual([...theirsBefore, ids.get('groups:view')!].sort());
    });

    it('needs permissions create whatever headers say; 401 signed out', async () => {
      const viewer = await userWithGrants(ctx, a.company, [
        { task: 'permissions', type: 'view' },
        { task: 'permissions', type: 'update' },
      ]);
      const body = { permission_data: [{ role_id: viewer.roleId, permissions: [ids.get('permissions:create')] }] };
      expectFailure(await caller(ctx, null, {}).post('/api/v1/roles/save-permissions', body), 401, 'UNAUTHORIZED');
      expectFailure(await viewer.as.post('/api/v1/roles/save-permissions', body), 403, 'FORBIDDEN');
      expectFailure(
        await caller(ctx, a.tokens.manager, forged('permissions', 'create')).post(
          '/api/v1/roles/save-permissions',
          body,
        ),
        403,
        'FORBIDDEN',
      );
      expect(await rolePermissionIds(ctx, viewer.roleId)).not.toContain(ids.get('permissions:create'));
    });
  });

  describe('POST /api/v1/permissions/save-permission-details', () => {
    it("saves a task's tooltip and description (platform administrator)", async () => {
      const [task] = await ctx.db.select().from(tasks).where(eq(tasks.name, 'download_video'));
      const res = await platform.as.admin.post(`/api/v1/permissions/save-permission-details?id=${task.id}`, {
        tooltip: '  Lets the reviewer download the recording  ',
        description: 'Line one\nLine two',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        success: true,
        message: ADMIN_TEXTS.detailsSaved,
        task: {
          task_id: task.id,
          task_name: 'download_video',
          tooltip: 'Lets the reviewer download the recording',
          description: 'Line one\nLine two',
        },
      });
      const [row] = await ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
      expect(row).toMatchObject({
        tooltip: 'Lets the reviewer download the recording',
        description: 'Line one\nLine two',
      });
      const matrix = (await a.as.admin.post('/api/v1/permissions/details')).json() as MatrixBody;
      expect(matrix.list.flatMap((p) => p.tasks).find((t) => t.task_id === task.id)).toMatchObject({
        tooltip: 'Lets the reviewer download the recording',
      });
      // emptied: back to null (the definition shows again)
      await platform.as.admin.post(`/api/v1/permissions/save-permission-details?id=${task.id}`, {
        tooltip: '',
        description: '',
      });
      const [cleared] = await ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
      expect(cleared).toMatchObject({ tooltip: null, description: null });
    });

    it('refuses a company administrator (tooltips are shared by every company), 403 without permissions update, 404, 400, 401', async () => {
      const [task] = await ctx.db.select().from(tasks).where(eq(tasks.name, 'download_video'));
      expectFailure(
        await a.as.admin.post(`/api/v1/permissions/save-permission-details?id=${task.id}`, { tooltip: 'mine' }),
        403,
        'FORBIDDEN',
        ADMIN_TEXTS.tooltipPlatformOnly,
      );
      expectFailure(
        await caller(ctx, a.tokens.manager, forged('permissions', 'update')).post(
          `/api/v1/permissions/save-permission-details?id=${task.id}`,
          { tooltip: 'x' },
        ),
        403,
        'FORBIDDEN',
      );
      expectFailure(
        await platform.as.admin.post(`/api/v1/permissions/save-permission-details?id=${MISSING_ID}`, { tooltip: 'x' }),
        404,
        'NOT_FOUND',
      );
      expectFailure(
        await platform.as.admin.post('/api/v1/permissions/save-permission-details', { tooltip: 'x' }),
        400,
        'INVALID',
      );
      expectFailure(
        await platform.as.admin.post(`/api/v1/permissions/save-permission-details?id=${task.id}`, {
          tooltip: 'x'.repeat(256),
        }),
        400,
        'INVALID',
      );
      expectFailure(
        await a.as.nobody.post(`/api/v1/permissions/save-permission-details?id=${task.id}`, { tooltip: 'x' }),
        401,
        'UNAUTHORIZED',
      );
      const [row] = await ctx.db.select().from(tasks).where(eq(tasks.id, task.id));
      expect(row.tooltip).not.toBe('mine');
    });
  });
});
