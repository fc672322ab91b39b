import { ADMIN_TEXTS, ROLE_NAMES } from '@sim/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, roles, tempRoles, users } from '../src/db/schema/index';
import {
  buildCompany,
  buildUser,
  caller,
  expectFailure,
  forged,
  MISSING_ID,
  rolePermissionIds,
  staffedCompany,
  testApp,
  tokenFor,
  unique,
  userWithGrants,
} from './factories';

describe('roles', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });
  const platform = staffedCompany(ctx, { agent2: true, platformAdmin: true });

  const findRoleRow = async (companyId: string, id: string) =>
    (
      await ctx.db
        .select()
        .from(roles)
        .where(and(eq(roles.id, id), eq(roles.companyId, companyId)))
    )[0] ?? null;

  describe('POST /api/v1/roles', () => {
    it('creates a role in the caller’s company, with no permissions', async () => {
      const name = unique('Trainer');
      const res = await a.as.admin.post('/api/v1/roles', { name: ` ${name} `, company_id: a.company.companyId });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        message: ADMIN_TEXTS.roleSaved,
        role: { name, company_id: a.company.companyId, disabled: false, duplicate_from: null, users_count: 0 },
      });
      const row = await findRoleRow(a.company.companyId, body.role._id);
      expect(row).toMatchObject({ name, disabled: false, duplicateFrom: null });
      expect(await rolePermissionIds(ctx, body.role._id)).toEqual([]);
      // company_id may be left out: the caller's company
      const res2 = await a.as.admin.post('/api/v1/roles', { name: unique('Coach'), disabled: true });
      expect(res2.json().role).toMatchObject({ company_id: a.company.companyId, disabled: true });
    });

    it("duplicates a role with its permissions ('(Copy)' name), remembering the source", async () => {
      const source = a.company.roleIds[ROLE_NAMES.supervisor];
      const name = `supervisor${ADMIN_TEXTS.copySuffix}`;
      const res = await a.as.admin.post('/api/v1/roles', {
        name,
        company_id: a.company.companyId,
        duplicate_from: source,
      });
      expect(res.statusCode, res.body).toBe(200);
      const copy = res.json().role;
      expect(copy).toMatchObject({ name: 'supervisor (Copy)', duplicate_from: source, disabled: false });
      const copied = await rolePermissionIds(ctx, copy._id);
      expect(copied.length).toBeGreaterThan(5);
      expect(copied).toEqual(await rolePermissionIds(ctx, source));
      // a second copy with the same name is a conflict
      expectFailure(
        await a.as.admin.post('/api/v1/roles', { name, duplicate_from: source }),
        409,
        'CONFLICT',
        ADMIN_TEXTS.roleNameTaken,
      );
    });

    it('renames and enables/disables a role; a disabled role stops granting on the next call', async () => {
      const { roleId, as: holder } = await userWithGrants(ctx, a.company, [{ task: 'groups', type: 'view' }]);
      expect((await holder.get('/api/v1/groups/listing')).statusCode).toBe(200);
      const name = unique('Renamed');
      const off = await a.as.admin.post('/api/v1/roles', {
        _id: roleId,
        name,
        company_id: a.company.companyId,
        disabled: true,
      });
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json().role).toMatchObject({ _id: roleId, name, disabled: true, users_count: 1 });
      expect(await findRoleRow(a.company.companyId, roleId)).toMatchObject({ name, disabled: true });
      expect((await holder.get('/api/v1/groups/listing')).statusCode).toBe(403);
      // the name alone keeps the flag
      await a.as.admin.post('/api/v1/roles', { _id: roleId, name: `${name}2` });
      expect(await findRoleRow(a.company.companyId, roleId)).toMatchObject({ name: `${name}2`, disabled: true });
      const on = await a.as.admin.post('/api/v1/roles', { _id: roleId, name, disabled: false });
      expect(on.json().role.disabled).toBe(false);
      expect((await holder.get('/api/v1/groups/listing')).statusCode).toBe(200);
    });

    it('refuses to disable the caller’s own role (422) and a name taken by another role (409)', async () => {
      const own = a.company.roleIds[ROLE_NAMES.admin];
      expectFailure(
        await a.as.admin.post('/api/v1/roles', { _id: own, name: 'admin', disabled: true }),
        422,
        'RULE_BROKEN',
        ADMIN_TEXTS.ownRoleLocked,
      );
      expect((await findRoleRow(a.company.companyId, own))?.disabled).toBe(false);
      expectFailure(
        await a.as.admin.post('/api/v1/roles', { _id: a.company.roleIds[ROLE_NAMES.supervisor], name: 'MANAGER' }),
        409,
        'CONFLICT',
        ADMIN_TEXTS.roleNameTaken,
      );
    });

    it('answers 400 for an empty name or bad ids', async () => {
      expectFailure(
        await a.as.admin.post('/api/v1/roles', { name: '   ' }),
        400,
        'INVALID',
        ADMIN_TEXTS.roleNameRequired,
      );
      expectFailure(await a.as.admin.post('/api/v1/roles', {}), 400, 'INVALID', ADMIN_TEXTS.roleNameRequired);
      expectFailure(await a.as.admin.post('/api/v1/roles', { name: 'x', company_id: 'abc' }), 400, 'INVALID');
      expectFailure(await a.as.admin.post('/api/v1/roles', { name: 'x'.repeat(101) }), 400, 'INVALID');
      expectFailure(await a.as.admin.post('/api/v1/roles', { name: 'x', disabled: 'no' }), 400, 'INVALID');
    });

    it("answers 404 for another company's role, source or company; a platform administrator may act on any company", async () => {
      const otherRole = b.company.roleIds[ROLE_NAMES.supervisor];
      expectFailure(await a.as.admin.post('/api/v1/roles', { _id: otherRole, name: 'hijack' }), 404, 'NOT_FOUND');
      expectFailure(
        await a.as.admin.post('/api/v1/roles', { _id: otherRole, name: 'hijack', company_id: b.company.companyId }),
        404,
        'NOT_FOUND',
      );
      expectFailure(
        await a.as.admin.post('/api/v1/roles', { name: unique('x'), duplicate_from: otherRole }),
        404,
        'NOT_FOUND',
      );
      expectFailure(
        await a.as.admin.post('/api/v1/roles', { name: unique('x'), company_id: b.company.companyId }),
        404,
        'NOT_FOUND',
      );
      expect((await findRoleRow(b.company.companyId, otherRole))?.name).toBe('supervisor');

      const name = unique('Platform made');
      const res = await platform.as.admin.post('/api/v1/roles', {
        name,
        company_id: b.company.companyId,
        duplicate_from: otherRole,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().role).toMatchObject({ company_id: b.company.companyId, duplicate_from: otherRole });
      expectFailure(
        await platform.as.admin.post('/api/v1/roles', { name: unique('x'), company_id: MISSING_ID }),
        404,
        'NOT_FOUND',
      );
    });

    it('needs roles create to create or duplicate and roles update to update, whatever headers say; 401 signed out', async () => {
      const manager = caller(ctx, a.tokens.manager, forged('roles', 'create'));
      expectFailure(await manager.post('/api/v1/roles', { name: unique('x') }), 403, 'FORBIDDEN');
      const updater = await userWithGrants(ctx, a.company, [
        { task: 'roles', type: 'view' },
        { task: 'roles', type: 'update' },
      ]);
      expectFailure(await updater.as.post('/api/v1/roles', { name: unique('x') }), 403, 'FORBIDDEN');
      expectFailure(
        await updater.as.post('/api/v1/roles', { name: unique('x'), duplicate_from: a.company.roleIds.agent }),
        403,
        'FORBIDDEN',
      );
      const creator = await userWithGrants(ctx, a.company, [{ task: 'roles', type: 'create' }]);
      const made = await creator.as.post('/api/v1/roles', { name: unique('x') });
      expect(made.statusCode).toBe(200);
      expectFailure(
        await creator.as.post('/api/v1/roles', { _id: made.json().role._id, name: 'renamed', disabled: true }),
        403,
        'FORBIDDEN',
      );
      expect(
        (await updater.as.post('/api/v1/roles', { _id: made.json().role._id, name: unique('renamed') })).statusCode,
      ).toBe(200);
      expectFailure(await a.as.nobody.post('/api/v1/roles', { name: 'x' }), 401, 'UNAUTHORIZED');
    });
  });

  describe('POST /api/v1/company/delete-role', () => {
    it('deletes an unused role and writes the audit log', async () => {
      const made = (await a.as.admin.post('/api/v1/roles', { name: unique('Temp') })).json().role;
      const res = await a.as.admin.post('/api/v1/company/delete-role', { id: made._id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: ADMIN_TEXTS.roleDeleted });
      expect(await findRoleRow(a.company.companyId, made._id)).toBeNull();
      const [audit] = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'role.delete'), eq(auditLog.targetId, made._id)));
      expect(audit).toMatchObject({ actorId: a.users.admin.id, companyId: a.company.companyId });
    });

    it('refuses with 409 while a user holds the role or a current temporary role; an ended one does not count', async () => {
      const company = await buildCompany(ctx);
      const admin = await buildUser(ctx, company, { role: ROLE_NAMES.admin });
      const as = caller(ctx, await tokenFor(ctx, admin));
      const supervisorRole = company.roleIds[ROLE_NAMES.supervisor];
      const holder = await buildUser(ctx, company, { role: ROLE_NAMES.supervisor });
      expectFailure(
        await as.post('/api/v1/company/delete-role', { id: supervisorRole }),
        409,
        'CONFLICT',
        ADMIN_TEXTS.roleInUse(1),
      );
      // moved to another role, but still a temporary supervisor until far in the future
      await ctx.db.update(users).set({ roleId: company.roleIds.agent }).where(eq(users.id, holder.id));
      await ctx.db
        .insert(tempRoles)
        .values({ userId: holder.id, roleId: supervisorRole, startDate: '2000-01-01', endDate: '2999-12-31' });
      expectFailure(
        await as.post('/api/v1/company/delete-role', { id: supervisorRole }),
        409,
        'CONFLICT',
        ADMIN_TEXTS.roleInUse(1),
      );
      await ctx.db.update(tempRoles).set({ endDate: '2001-01-01' }).where(eq(tempRoles.userId, holder.id));
      const res = await as.post('/api/v1/company/delete-role', { id: supervisorRole });
      expect(res.statusCode, res.body).toBe(200);
      expect(await findRoleRow(company.companyId, supervisorRole)).toBeNull();
      expect(await ctx.db.select().from(tempRoles).where(eq(tempRoles.userId, holder.id))).toEqual([]);
    });

    it('refuses the caller’s own role with 422', async () => {
      expectFailure(
        await a.as.admin.post('/api/v1/company/delete-role', { id: a.company.roleIds[ROLE_NAMES.admin] }),
        422,
        'RULE_BROKEN',
        ADMIN_TEXTS.ownRoleLocked,
      );
    });

    it("answers 404 for another company's role (a platform administrator may), 400 bad id, 403 without roles delete, 401 signed out", async () => {
      const otherRole = (await b.as.admin.post('/api/v1/roles', { name: unique('Other') })).json().role._id;
      expectFailure(await a.as.admin.post('/api/v1/company/delete-role', { id: otherRole }), 404, 'NOT_FOUND');
      expect(await findRoleRow(b.company.companyId, otherRole)).not.toBeNull();
      expectFailure(await a.as.admin.post('/api/v1/company/delete-role', { id: 'nope' }), 400, 'INVALID');
      expectFailure(await a.as.admin.post('/api/v1/company/delete-role', { id: MISSING_ID }), 404, 'NOT_FOUND');
      const mine = (await a.as.admin.post('/api/v1/roles', { name: unique('Mine') })).json().role._id;
      expectFailure(
        await caller(ctx, a.tokens.manager, forged('roles', 'delete')).post('/api/v1/company/delete-role', {
          id: mine,
        }),
        403,
        'FORBIDDEN',
      );
      expectFailure(await a.as.nobody.post('/api/v1/company/delete-role', { id: mine }), 401, 'UNAUTHORIZED');
      expect(await findRoleRow(a.company.companyId, mine)).not.toBeNull();
      const res = await platform.as.admin.post('/api/v1/company/delete-role', { id: otherRole });
      expect(res.statusCode, res.body).toBe(200);
      expect(await ctx.db.select().from(roles).where(eq(roles.id, otherRole))).toEqual([]);
    });
  });
});
