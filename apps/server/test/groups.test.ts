import { ADMIN_TEXTS, MESSAGES } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groupMembers, groups } from '../src/db/schema/index';
import {
  buildGroup,
  caller,
  expectFailure,
  forged,
  MISSING_ID,
  staffedCompany,
  testApp,
  unique,
  userWithGrants,
} from './factories';

describe('groups', () => {
  const ctx = testApp();
  const a = staffedCompany(ctx, { agent2: true });
  const b = staffedCompany(ctx, { agent2: true });

  const memberIds = async (groupId: string) =>
    (await ctx.db.select({ userId: groupMembers.userId }).from(groupMembers).where(eq(groupMembers.groupId, groupId)))
      .map((r) => r.userId)
      .sort();

  describe('GET /api/v1/groups/listing', () => {
    it('answers a page of the company groups with owner, creator, member count, total; search and sort', async () => {
      const prefix = unique('List');
      const owner = a.users.supervisor;
      const g1 = await buildGroup(ctx, a.company, {
        name: `${prefix} Alpha`,
        ownerId: owner.id,
        members: [a.users.agent.id, a.users.agent2.id],
        description: 'first cohort',
      });
      await buildGroup(ctx, a.company, { name: `${prefix} Beta`, members: [a.users.agent.id] });
      await buildGroup(ctx, a.company, { name: `${prefix} Gamma` });
      await buildGroup(ctx, b.company, { name: `${prefix} Other company` });

      const page1 = await a.as.admin.get(
        `/api/v1/groups/listing?skip=0&limit=2&textSearch=${encodeURIComponent(prefix)}&sortBy=name&order=asc`,
      );
      expect(page1.statusCode, page1.body).toBe(200);
      const body = page1.json();
      expect(body.success).toBe(true);
      expect(body.total).toBe(3);
      expect(body.groups.map((g: { name: string }) => g.name)).toEqual([`${prefix} Alpha`, `${prefix} Beta`]);
      expect(body.groups[0]).toMatchObject({
        _id: g1.id,
        description: 'first cohort',
        owner_id: owner.id,
        owner: { _id: owner.id, name: `Sofia ${owner.lastName}`, profile_pic: null },
        member_count: 2,
        created_by: null,
      });
      expect(Date.parse(body.groups[0].created_at)).not.toBeNaN();

      const page2 = (
        await a.as.admin.get(
          `/api/v1/groups/listing?skip=2&limit=2&textSearch=${encodeURIComponent(prefix)}&sortBy=name&order=asc`,
        )
      ).json();
      expect(page2.total).toBe(3);
      expect(page2.groups.map((g: { name: string }) => g.name)).toEqual([`${prefix} Gamma`]);

      const byMembers = (
        await a.as.admin.get(
          `/api/v1/groups/listing?textSearch=${encodeURIComponent(prefix)}&sortBy=member_count&order=desc`,
        )
      ).json();
      expect(byMembers.groups.map((g: { member_count: number }) => g.member_count)).toEqual([2, 1, 0]);

      // the supervisor holds groups view
      expect((await a.as.supervisor.get('/api/v1/groups/listing')).statusCode).toBe(200);
      // search by the owner's name
      const byOwner = (
        await a.as.admin.get(`/api/v1/groups/listing?textSearch=${encodeURIComponent(prefix)}%20Al`)
      ).json();
      expect(byOwner.total).toBe(1);
    });

    it('never shows another company’s groups', async () => {
      const other = await buildGroup(ctx, b.company, { name: unique('Hidden') });
      const res = (await a.as.admin.get(`/api/v1/groups/listing?textSearch=${other.name}`)).json();
      expect(res.total).toBe(0);
      expect(res.groups).toEqual([]);
    });

    it('answers 400 to bad paging or sorting, 403 without groups view even with forged headers, 401 signed out', async () => {
      expectFailure(await a.as.admin.get('/api/v1/groups/listing?limit=0'), 400, 'INVALID');
      expectFailure(await a.as.admin.get('/api/v1/groups/listing?sortBy=password'), 400, 'INVALID');
      expectFailure(await a.as.admin.get('/api/v1/groups/listing?skip=-1'), 400, 'INVALID');
      const agent = caller(ctx, a.tokens.agent, forged('groups', 'view'));
      expectFailure(await agent.get('/api/v1/groups/listing'), 403, 'FORBIDDEN', MESSAGES.forbidden);
      expectFailure(await a.as.nobody.get('/api/v1/groups/listing'), 401, 'UNAUTHORIZED');
    });
  });

  describe('POST /api/v1/groups/save-edit', () => {
    it('creates a group with owner and members, recording its creator', async () => {
      const name = unique('Cohort');
      const res = await a.as.admin.post('/api/v1/groups/save-edit', {
        name: `  ${name}  `,
        description: 'Week one',
        owner_id: a.users.supervisor.id,
        users: [a.users.agent.id, a.users.agent2.id, a.users.agent.id],
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        message: ADMIN_TEXTS.groupSaved,
        group: {
          name,
          description: 'Week one',
          owner_id: a.users.supervisor.id,
          member_count: 2,
          created_by: { _id: a.users.admin.id },
        },
      });
      const [row] = await ctx.db.select().from(groups).where(eq(groups.id, body.group._id));
      expect(row).toMatchObject({
        companyId: a.company.companyId,
        name,
        ownerId: a.users.supervisor.id,
        createdBy: a.users.admin.id,
      });
      expect(await memberIds(row.id)).toEqual([a.users.agent.id, a.users.agent2.id].sort());
    });

    it('updates name, owner and (when given) the members; keeps them when `users` is absent', async () => {
      const g = await buildGroup(ctx, a.company, {
        ownerId: a.users.manager.id,
        members: [a.users.agent.id],
      });
      const newName = unique('Renamed');
      const res = await a.as.admin.post('/api/v1/groups/save-edit', {
        _id: g.id,
        name: newName,
        owner_id: a.users.supervisor.id,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().group).toMatchObject({
        _id: g.id,
        name: newName,
        owner_id: a.users.supervisor.id,
        member_count: 1,
      });
      expect(await memberIds(g.id)).toEqual([a.users.agent.id]);
      const res2 = await a.as.admin.post('/api/v1/groups/save-edit', {
        _id: g.id,
        name: newName,
        owner_id: a.users.supervisor.id,
        users: [a.users.agent2.id],
      });
      expect(res2.statusCode).toBe(200);
      expect(await memberIds(g.id)).toEqual([a.users.agent2.id]);
      const [row] = await ctx.db.select().from(groups).where(eq(groups.id, g.id));
      expect(row.updatedAt.getTime()).toBeGreaterThan(g.updatedAt.getTime() - 1);
    });

    it('answers 400 with the field message for a missing name or owner and a bad id', async () => {
      expectFailure(
        await a.as.admin.post('/api/v1/groups/save-edit', { name: '  ', owner_id: a.users.manager.id }),
        400,
        'INVALID',
        ADMIN_TEXTS.groupNameRequired,
      );
      expectFailure(
        await a.as.admin.post('/api/v1/groups/save-edit', { name: 'x' }),
        400,
        'INVALID',
        ADMIN_TEXTS.groupOwnerRequired,
      );
      expectFailure(
        await a.as.admin.post('/api/v1/groups/save-edit', { name: 'x', owner_id: '' }),
        400,
        'INVALID',
        ADMIN_TEXTS.groupOwnerRequired,
      );
      expectFailure(
        await a.as.admin.post('/api/v1/groups/save-edit', { name: 'x', owner_id: 'not-an-id' }),
        400,
        'INVALID',
      );
    });

    it('answers 409 for a name already used in the company (any case), not for one used elsewhere', async () => {
      const g = await buildGroup(ctx, a.company, { name: unique('Taken') });
      expectFailure(
        await a.as.admin.post('/api/v1/groups/save-edit', { name: g.name.toUpperCase(), owner_id: a.users.manager.id }),
        409,
        'CONFLICT',
        ADMIN_TEXTS.groupNameTaken,
      );
      const res = await b.as.admin.post('/api/v1/groups/save-edit', { name: g.name, owner_id: b.users.manager.id });
      expect(res.statusCode).toBe(200);
    });

    it("answers 404 for another company's group, owner or member", async () => {
      const other = await buildGroup(ctx, b.company);
      expectFailure(
        await a.as.admin.post('/api/v1/groups/save-edit', { _id: other.id, name: 'x', owner_id: a.users.manager.id }),
        404,
        'NOT_FOUND',
      );
      expectFailure(
        await a.as.admin.post('/api/v1/groups/save-edit', { name: unique('g'), owner_id: b.users.manager.id }),
        404,
        'NOT_FOUND',
      );
      expectFailure(
        await a.as.admin.post('/api/v1/groups/save-edit', {
          name: unique('g'),
          owner_id: a.users.manager.id,
          users: [a.users.agent.id, b.users.agent.id],
        }),
        404,
        'NOT_FOUND',
      );
      const [unchanged] = await ctx.db.select().from(groups).where(eq(groups.id, other.id));
      expect(unchanged.name).toBe(other.name);
    });

    it('needs groups create to create and groups update to update, whatever headers say', async () => {
      const viewer = caller(ctx, a.tokens.supervisor, forged('groups', 'create'));
      expectFailure(
        await viewer.post('/api/v1/groups/save-edit', { name: unique('g'), owner_id: a.users.manager.id }),
        403,
        'FORBIDDEN',
      );
      const creator = await userWithGrants(ctx, a.company, [
        { task: 'groups', type: 'view' },
        { task: 'groups', type: 'create' },
      ]);
      const created = await creator.as.post('/api/v1/groups/save-edit', {
        name: unique('g'),
        owner_id: a.users.manager.id,
      });
      expect(created.statusCode, created.body).toBe(200);
      expectFailure(
        await creator.as.post('/api/v1/groups/save-edit', {
          _id: created.json().group._id,
          name: 'renamed',
          owner_id: a.users.manager.id,
        }),
        403,
        'FORBIDDEN',
      );
      expectFailure(
        await a.as.nobody.post('/api/v1/groups/save-edit', { name: 'x', owner_id: MISSING_ID }),
        401,
        'UNAUTHORIZED',
      );
    });
  });

  describe('POST /api/v1/groups/delete', () => {
    it('deletes a group of the company with its memberships', async () => {
      const g = await buildGroup(ctx, a.company, { members: [a.users.agent.id] });
      const res = await a.as.admin.post('/api/v1/groups/delete', { id: g.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, message: ADMIN_TEXTS.groupDeleted });
      expect(await ctx.db.select().from(groups).where(eq(groups.id, g.id))).toEqual([]);
      expect(await memberIds(g.id)).toEqual([]);
    });

    it("answers 404 for another company's group or a missing one, 400 for a bad id, 403 without groups delete, 401 signed out", async () => {
      const other = await buildGroup(ctx, b.company);
      expectFailure(
        await a.as.admin.post('/api/v1/groups/delete', { id: other.id }),
        404,
        'NOT_FOUND',
        MESSAGES.notFound,
      );
      expect(await ctx.db.select().from(groups).where(eq(groups.id, other.id))).toHaveLength(1);
      expectFailure(await a.as.admin.post('/api/v1/groups/delete', { id: MISSING_ID }), 404, 'NOT_FOUND');
      expectFailure(await a.as.admin.post('/api/v1/groups/delete', { id: 'x' }), 400, 'INVALID');
      expectFailure(await a.as.admin.post('/api/v1/groups/delete', {}), 400, 'INVALID');
      const mine = await buildGroup(ctx, a.company);
      expectFailure(
        await caller(ctx, a.tokens.supervisor, forged('groups', 'delete')).post('/api/v1/groups/delete', {
          id: mine.id,
        }),
        403,
        'FORBIDDEN',
      );
      expectFailure(await a.as.nobody.post('/api/v1/groups/delete', { id: mine.id }), 401, 'UNAUTHORIZED');
      expect(await ctx.db.select().from(groups).where(eq(groups.id, mine.id))).toHaveLength(1);
    });
  });

  describe('POST /api/v1/users/edit-group', () => {
    it('adds a member without a flag and removes one with delete: true', async () => {
      const g = await buildGroup(ctx, a.company, { members: [a.users.agent.id] });
      const add = await a.as.admin.post('/api/v1/users/edit-group', { _id: a.users.agent2.id, group_id: g.id });
      expect(add.statusCode, add.body).toBe(200);
      expect(add.json()).toEqual({ success: true, message: ADMIN_TEXTS.memberAdded });
      expect(await memberIds(g.id)).toEqual([a.users.agent.id, a.users.agent2.id].sort());
      // adding twice is harmless
      expect(
        (await a.as.admin.post('/api/v1/users/edit-group', { _id: a.users.agent2.id, group_id: g.id })).statusCode,
      ).toBe(200);
      const remove = await a.as.admin.post('/api/v1/users/edit-group', {
        _id: a.users.agent.id,
        group_id: g.id,
        delete: true,
      });
      expect(remove.json()).toEqual({ success: true, message: ADMIN_TEXTS.memberRemoved });
      expect(await memberIds(g.id)).toEqual([a.users.agent2.id]);
      const [row] = await ctx.db.select().from(groups).where(eq(groups.id, g.id));
      expect(row.updatedAt.getTime()).toBeGreaterThanOrEqual(g.updatedAt.getTime());
    });

    it("answers 404 for another company's user or group, 400 for bad input, 403 without groups update, 401 signed out", async () => {
      const g = await buildGroup(ctx, a.company);
      const other = await buildGroup(ctx, b.company);
      expectFailure(
        await a.as.admin.post('/api/v1/users/edit-group', { _id: b.users.agent.id, group_id: g.id }),
        404,
        'NOT_FOUND',
      );
      expectFailure(
        await a.as.admin.post('/api/v1/users/edit-group', { _id: a.users.agent.id, group_id: other.id }),
        404,
        'NOT_FOUND',
      );
      expect(await memberIds(g.id)).toEqual([]);
      expect(await memberIds(other.id)).toEqual([]);
      expectFailure(await a.as.admin.post('/api/v1/users/edit-group', { _id: a.users.agent.id }), 400, 'INVALID');
      expectFailure(
        await a.as.admin.post('/api/v1/users/edit-group', { _id: a.users.agent.id, group_id: g.id, delete: 'yes' }),
        400,
        'INVALID',
      );
      expectFailure(
        await caller(ctx, a.tokens.supervisor, forged('groups', 'update')).post('/api/v1/users/edit-group', {
          _id: a.users.agent.id,
          group_id: g.id,
        }),
        403,
        'FORBIDDEN',
      );
      expectFailure(
        await a.as.nobody.post('/api/v1/users/edit-group', { _id: a.users.agent.id, group_id: g.id }),
        401,
        'UNAUTHORIZED',
      );
    });
  });

  describe('GET /api/v1/users/user-by-group', () => {
    it('answers the members of the group', async () => {
      const g = await buildGroup(ctx, a.company, { members: [a.users.agent.id, a.users.agent2.id] });
      const res = await a.as.supervisor.get(`/api/v1/users/user-by-group?group_id=${g.id}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.success).toBe(true);
      expect(body.users.map((u: { first_name: string }) => u.first_name)).toEqual(['Alex', 'Bruno']);
      expect(body.users[0]).toEqual({
        _id: a.users.agent.id,
        first_name: 'Alex',
        last_name: 'agent',
        email: a.users.agent.email,
        role: 'agent',
        profile_pic_url: null,
      });
    });

    it("answers 404 for another company's group, 400 without group_id, 403 without groups view, 401 signed out", async () => {
      const other = await buildGroup(ctx, b.company, { members: [b.users.agent.id] });
      expectFailure(await a.as.admin.get(`/api/v1/users/user-by-group?group_id=${other.id}`), 404, 'NOT_FOUND');
      expectFailure(await a.as.admin.get('/api/v1/users/user-by-group'), 400, 'INVALID');
      expectFailure(await a.as.admin.get('/api/v1/users/user-by-group?group_id=1'), 400, 'INVALID');
      const g = await buildGroup(ctx, a.company);
      expectFailure(
        await caller(ctx, a.tokens.agent, forged('groups', 'view')).get(`/api/v1/users/user-by-group?group_id=${g.id}`),
        403,
        'FORBIDDEN',
      );
      expectFailure(await a.as.nobody.get(`/api/v1/users/user-by-group?group_id=${g.id}`), 401, 'UNAUTHORIZED');
    });
  });

  describe('GET /api/v1/sims/group/listing', () => {
    it("answers the caller's company groups to any signed-in user, 401 signed out", async () => {
      const mine = await buildGroup(ctx, a.company, { members: [a.users.agent.id] });
      const other = await buildGroup(ctx, b.company);
      const res = await a.as.agent.get('/api/v1/sims/group/listing');
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json().groups as { _id: string; name: string; member_count: number }[];
      expect(list).toContainEqual({ _id: mine.id, name: mine.name, member_count: 1 });
      expect(list.some((g) => g._id === other.id)).toBe(false);
      expectFailure(await a.as.nobody.get('/api/v1/sims/group/listing'), 401, 'UNAUTHORIZED');
    });
  });
});
