import { EMPLOYEE_SORT_COLUMNS, EMPLOYEE_TEXTS, MESSAGES, ROLE_NAMES, type TEmployee } from '@sim/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempRoles, users } from '../src/db/schema/index';
import {
  buildCompany,
  buildGroup,
  buildUser,
  caller,
  dayFromToday,
  staffedCompany,
  testApp,
  tokenFor,
} from './factories';

const LIST = '/api/v1/employee/list';

describe('GET /api/v1/employee/list', () => {
  const ctx = testApp();
  const co = staffedCompany(ctx, { cohort: true });
  const other = staffedCompany(ctx, { cohort: true });
  beforeAll(async () => {
    await ctx.db
      .update(users)
      .set({ title: 'Trainer', phoneNumber: '+1 (555) 777-1234', status: 'active', subStatus: 'Training' })
      .where(eq(users.id, co.users.agent.id));
    await ctx.db.insert(tempRoles).values({
      userId: co.users.agent.id,
      roleId: co.company.roleIds[ROLE_NAMES.supervisor],
      startDate: dayFromToday(0),
      endDate: dayFromToday(3),
    });
  });

  it('answers a page of the company with every field of an employee and the total', async () => {
    const res = await co.as.admin.get(`${LIST}?skip=0&limit=10`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.total).toBe(4);
    expect(body.employees.map((e: TEmployee) => e._id).sort()).toEqual(
      [co.users.admin.id, co.users.manager.id, co.users.supervisor.id, co.users.agent.id].sort(),
    );
    const agent = body.employees.find((e: TEmployee) => e._id === co.users.agent.id);
    expect(agent).toEqual({
      _id: co.users.agent.id,
      first_name: 'Alex',
      last_name: 'agent',
      email: co.users.agent.email,
      role: 'agent',
      role_id: co.company.roleIds[ROLE_NAMES.agent],
      status: 'active',
      sub_status: 'Training',
      title: 'Trainer',
      phone_number: '+1 (555) 777-1234',
      groups: [{ _id: co.group.id, name: co.group.name }],
      profile_pic_url: null,
      tempRoles: [
        {
          role: co.company.roleIds[ROLE_NAMES.supervisor],
          roleName: 'supervisor',
          startDate: dayFromToday(0),
          endDate: dayFromToday(3),
          active: true,
        },
      ],
      // the active temporary supervisor role grants Admin views: not a learner's account today
      learner: false,
    });
    // nothing private
    expect(res.body).not.toContain('password');
    expect(res.body).not.toContain(other.users.admin.email);
  });

  it('pages with skip and limit until the total', async () => {
    const seen: string[] = [];
    for (let skip = 0; skip < 4; skip += 3) {
      const page = (await co.as.admin.get(`${LIST}?skip=${skip}&limit=3`)).json();
      expect(page.total).toBe(4);
      seen.push(...page.employees.map((e: TEmployee) => e._id));
    }
    expect(new Set(seen).size).toBe(4);
  });

  it('searches names, full name, email, title and phone on the server', async () => {
    const search = async (text: string) =>
      (await co.as.admin.get(`${LIST}?textSearch=${encodeURIComponent(text)}`)).json();
    expect((await search('alex')).employees.map((e: TEmployee) => e._id)).toEqual([co.users.agent.id]);
    expect((await search('Alex agent')).total).toBe(1);
    expect((await search(co.users.manager.email.slice(0, 12))).employees[0]._id).toBe(co.users.manager.id);
    expect((await search('trainer')).total).toBe(1);
    expect((await search('777-12')).total).toBe(1);
    expect((await search('5557771234')).total).toBe(1);
    expect((await search('nobody-here')).total).toBe(0);
    // wildcards are text, not patterns
    expect((await search('%')).total).toBe(0);
    expect((await search('_')).total).toBe(0);
  });

  it('sorts by every column, both ways', async () => {
    const sorted = await buildCompany(ctx);
    const admin = await buildUser(ctx, sorted, { role: ROLE_NAMES.admin, firstName: 'Bea' });
    const agent = await buildUser(ctx, sorted, { role: ROLE_NAMES.agent, firstName: 'Abe' });
    const manager = await buildUser(ctx, sorted, { role: ROLE_NAMES.manager, firstName: 'Cy' });
    await buildGroup(ctx, sorted, { name: 'Zeta group', members: [agent.id] });
    await buildGroup(ctx, sorted, { name: 'Alpha group', members: [manager.id] });
    await ctx.db.update(users).set({ title: 'Zoo', phoneNumber: '+1 (555) 000-0003' }).where(eq(users.id, admin.id));
    await ctx.db
      .update(users)
      .set({ title: 'Ant', phoneNumber: '+1 (555) 000-0001', status: 'active', subStatus: 'Training' })
      .where(eq(users.id, agent.id));
    await ctx.db
      .update(users)
      .set({ title: 'Mid', phoneNumber: '+1 (555) 000-0002', status: 'inActive', subStatus: 'Suspended' })
      .where(eq(users.id, manager.id));
    await ctx.db.insert(tempRoles).values({
      userId: admin.id,
      roleId: sorted.roleIds[ROLE_NAMES.supervisor],
      startDate: dayFromToday(0),
      endDate: dayFromToday(1),
    });
    const token = (
      await caller(ctx, null).post('/api/v1/login/', { email: admin.email, password: admin.password })
    ).json().token;
    const order = async (sortBy: string, dir: 'asc' | 'desc') =>
      (await caller(ctx, token).get(`${LIST}?sortBy=${sortBy}&order=${dir}`))
        .json()
        .employees.map((e: TEmployee) => e.first_name);
    const expected: Record<(typeof EMPLOYEE_SORT_COLUMNS)[number], string[]> = {
      first_name: ['Abe', 'Bea', 'Cy'],
      last_name: ['Bea', 'Abe', 'Cy'], // admin, agent, manager
      email: ['Bea', 'Abe', 'Cy'], // admin-…, agent-…, manager-…
      role: ['Bea', 'Abe', 'Cy'],
      tempRoles: ['Abe', 'Cy', 'Bea'], // none, none, supervisor
      groups: ['Bea', 'Cy', 'Abe'], // none, alpha, zeta
      status: ['Abe', 'Bea', 'Cy'], // active, applicant, inActive
      title: ['Abe', 'Cy', 'Bea'],
      phone_number: ['Abe', 'Cy', 'Bea'],
    };
    for (const column of EMPLOYEE_SORT_COLUMNS) {
      expect(await order(column, 'asc'), `${column} asc`).toEqual(expected[column]);
      const desc = await order(column, 'desc');
      if (column === 'tempRoles') expect(desc[0], `${column} desc`).toBe('Bea');
      else expect(desc, `${column} desc`).toEqual([...expected[column]].reverse());
    }
  });

  it('sorts in natural order: numbers by value, letters without regard to case (issue 15)', async () => {
    const bulk = await buildCompany(ctx);
    const admin = await buildUser(ctx, bulk, { role: ROLE_NAMES.admin, firstName: 'Aaron', lastName: 'Admin' });
    const names = ['Bulk10', 'Bulk2', 'bulk3', 'Bulk1', 'Bulk21'];
    const run = crypto.randomUUID().slice(0, 8);
    for (const [i, name] of names.entries()) {
      const user = await buildUser(ctx, bulk, { firstName: name, email: `${name.toLowerCase()}-${run}@example.test` });
      await ctx.db
        .update(users)
        .set({ title: `Level ${[10, 2, 3, 1, 21][i]} agent` })
        .where(eq(users.id, user.id));
    }
    const token = await tokenFor(ctx, admin);
    const order = async (sortBy: string, dir: 'asc' | 'desc') =>
      (await caller(ctx, token).get(`${LIST}?sortBy=${sortBy}&order=${dir}`))
        .json()
        .employees.map((e: TEmployee) => e.first_name)
        .filter((name: string) => name !== 'Aaron');
    const natural = ['Bulk1', 'Bulk2', 'bulk3', 'Bulk10', 'Bulk21'];
    expect(await order('first_name', 'asc')).toEqual(natural);
    expect(await order('first_name', 'desc')).toEqual([...natural].reverse());
    expect(await order('email', 'asc')).toEqual(natural);
    expect(await order('title', 'asc')).toEqual(natural);
    // a search takes the same order (a statement that is not prepared)
    const searched = (await caller(ctx, token).get(`${LIST}?textSearch=bulk&sortBy=first_name&order=asc`)).json();
    expect(searched.employees.map((e: TEmployee) => e.first_name)).toEqual(natural);
  });

  it('answers 400 for a bad sort column or page size', async () => {
    const bad = await co.as.admin.get(`${LIST}?sortBy=password_hash`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, code: 'INVALID', message: EMPLOYEE_TEXTS.badSortBy });
    expect((await co.as.admin.get(`${LIST}?limit=0`)).statusCode).toBe(400);
    expect((await co.as.admin.get(`${LIST}?limit=500`)).statusCode).toBe(400);
    expect((await co.as.admin.get(`${LIST}?order=sideways`)).statusCode).toBe(400);
  });

  it('answers 401 signed out and 403 without employee_list view', async () => {
    const out = await caller(ctx, null).get(LIST);
    expect(out.statusCode).toBe(401);
    expect(out.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    // (co.users.agent holds a temporary supervisor role: another agent)
    const plain = await buildUser(ctx, co.company, { role: ROLE_NAMES.agent });
    const agent = await caller(ctx, await tokenFor(ctx, plain)).get(LIST);
    expect(agent.statusCode).toBe(403);
    expect(agent.json()).toMatchObject({ success: false, code: 'FORBIDDEN', message: MESSAGES.forbidden });
    // the supervisor views (no edit): allowed
    expect((await co.as.supervisor.get(LIST)).statusCode).toBe(200);
  });

  it('leaves deleted users out', async () => {
    const gone = await buildUser(ctx, co.company, { role: ROLE_NAMES.agent, firstName: 'Gone' });
    await ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const body = (await co.as.admin.get(`${LIST}?textSearch=Gone`)).json();
    expect(body.total).toBe(0);
  });
});

describe('employee pickers and dialogs data', () => {
  const ctx = testApp();
  const co = staffedCompany(ctx, { cohort: true });
  const other = staffedCompany(ctx, { cohort: true });

  it('GET /api/v1/employee/minimal-data answers every employee of the company, no more', async () => {
    const res = await co.as.supervisor.get('/api/v1/employee/minimal-data');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.employees).toHaveLength(4);
    expect(body.employees.find((e: { _id: string }) => e._id === co.users.agent.id)).toEqual({
      _id: co.users.agent.id,
      first_name: 'Alex',
      last_name: 'agent',
      email: co.users.agent.email,
      role: 'agent',
      profile_pic_url: null,
    });
    expect(res.body).not.toContain(other.users.agent.id);
    expect((await caller(ctx, null).get('/api/v1/employee/minimal-data')).statusCode).toBe(401);
    expect((await co.as.agent.get('/api/v1/employee/minimal-data')).statusCode).toBe(403);
  });

  it('GET /api/v1/users/list answers the company users with search and total', async () => {
    const res = await co.as.admin.get('/api/v1/users/list?textSearch=marco');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      total: 1,
      users: [
        {
          _id: co.users.manager.id,
          first_name: 'Marco',
          last_name: 'manager',
          email_id: co.users.manager.email,
          title: null,
          status: 'applicant',
          role: 'manager',
          role_id: co.company.roleIds[ROLE_NAMES.manager],
          profile_pic_url: null,
        },
      ],
    });
    const all = (await co.as.admin.get('/api/v1/users/list')).json();
    expect(all.total).toBe(4);
    expect(JSON.stringify(all)).not.toContain(other.users.manager.id);
    expect((await co.as.admin.get('/api/v1/users/list?limit=0')).statusCode).toBe(400);
    expect((await caller(ctx, null).get('/api/v1/users/list')).statusCode).toBe(401);
    expect((await co.as.agent.get('/api/v1/users/list')).statusCode).toBe(403);
  });

  it('GET /api/v1/employee/form-options answers the company roles and groups', async () => {
    const res = await co.as.manager.get('/api/v1/employee/form-options');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.roles.map((r: { name: string }) => r.name)).toEqual([
      'account owner',
      'admin',
      'agent',
      'manager',
      'supervisor',
    ]);
    expect(body.roles[0]).toEqual({ _id: co.company.roleIds['account owner'], name: 'account owner', disabled: false });
    expect(body.groups).toEqual([{ _id: co.group.id, name: co.group.name }]);
    expect(res.body).not.toContain(other.group.id);
    expect((await caller(ctx, null).get('/api/v1/employee/form-options')).statusCode).toBe(401);
    expect((await co.as.agent.get('/api/v1/employee/form-options')).statusCode).toBe(403);
  });

  it("GET /api/v1/employee/permission-details answers an employee's effective permissions", async () => {
    const res = await co.as.supervisor.get(`/api/v1/employee/permission-details?user_id=${co.users.agent.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.permissions).toHaveLength(1);
    expect(body.permissions[0]).toMatchObject({ role_name: 'agent', temporary: false });
    const keys = body.permissions[0].permission_details.map(
      (d: { task_name: string; permission_type: string }) => `${d.task_name}:${d.permission_type}`,
    );
    expect(keys).toContain('assignment:view');
    expect(keys).not.toContain('employee_list:view');
    const foreign = await co.as.admin.get(`/api/v1/employee/permission-details?user_id=${other.users.agent.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, code: 'NOT_FOUND', message: MESSAGES.notFound });
    expect((await co.as.admin.get('/api/v1/employee/permission-details?user_id=nope')).statusCode).toBe(400);
    expect(
      (await caller(ctx, null).get(`/api/v1/employee/permission-details?user_id=${co.users.agent.id}`)).statusCode,
    ).toBe(401);
    expect((await co.as.agent.get(`/api/v1/employee/permission-details?user_id=${co.users.agent.id}`)).statusCode).toBe(
      403,
    );
  });
});
