import { EMPLOYEE_TEXTS, MESSAGES, ROLE_NAMES, SETTINGS_TEXTS, type TEmployee } from '@sim/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema/index';
import {
  basicInfo,
  buildGroup,
  buildSim,
  buildStaffedCompany,
  buildTestApp,
  buildUser,
  type Caller,
  dayFromToday,
  expectFailure,
  newUserBody,
  type StaffedCompany,
  type TestContext,
  unique,
  userWithGrants,
} from './factories';

/**
 * Record-level policies (src/policies): who may act on which record is decided by permissions and the
 * record's company, never by what a company calls its roles.
 */
const LOGIN_AS = '/api/v1/login/login-to-agent-account';
const PROFILE = '/api/v1/users/update-profile';

/** The learner's default grants (DECISIONS.md section 8): no task of the Admin product. */
const LEARNER_GRANTS = [
  { task: 'assignment', type: 'view' },
  { task: 'my_notepad', type: 'view' },
  { task: 'tickets', type: 'view' },
  { task: 'tickets', type: 'create' },
] as const;

describe('record-level policies', () => {
  let ctx: TestContext;
  let co: StaffedCompany;
  let other: StaffedCompany;
  beforeAll(async () => {
    ctx = await buildTestApp();
    co = await buildStaffedCompany(ctx);
    other = await buildStaffedCompany(ctx);
  });
  afterAll(() => ctx.close());

  const employees = async (as: Caller) => {
    const res = await as.get('/api/v1/employee/list?skip=0&limit=100');
    expect(res.statusCode, res.body).toBe(200);
    return new Map((res.json().employees as TEmployee[]).map((e) => [e._id, e]));
  };

  describe('a company that renames its roles keeps the same doors', () => {
    let renamed: StaffedCompany;
    beforeAll(async () => {
      renamed = await buildStaffedCompany(ctx);
      const rename = async (role: string, name: string) => {
        const res = await renamed.as.admin.post('/api/v1/roles', { _id: renamed.company.roleIds[role], name });
        expect(res.statusCode, res.body).toBe(200);
      };
      // the learners are now "Trainee", and "agent" is what the supervisors are called
      await rename(ROLE_NAMES.agent, 'Trainee');
      await rename(ROLE_NAMES.supervisor, 'agent');
    });

    it('login as agent opens the Trainee account, not the one called "agent"', async () => {
      const trainee = await renamed.as.admin.post(LOGIN_AS, { id: renamed.users.agent.id });
      expect(trainee.statusCode, trainee.body).toBe(200);
      expect(trainee.json()).toMatchObject({ login_to_agent_account: true, user: { role: 'Trainee' } });
      const namedAgent = await renamed.as.admin.post(LOGIN_AS, { id: renamed.users.supervisor.id });
      expectFailure(namedAgent, 403, 'FORBIDDEN', MESSAGES.loginAsAgentOnlyAgents);
      // the audit entry keeps its stored action and details
      const [entry] = await ctx.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'login.as_agent'), eq(auditLog.targetId, renamed.users.agent.id)));
      expect(entry).toMatchObject({
        actorId: renamed.users.admin.id,
        companyId: renamed.company.companyId,
        targetType: 'user',
        details: { agent_email: renamed.users.agent.email },
      });
    });

    it('my settings: the Trainee changes the nick name only; the one called "agent" their personal data', async () => {
      expect((await renamed.as.agent.post(PROFILE, { nick_name: 'Lex' })).statusCode).toBe(200);
      expectFailure(
        await renamed.as.agent.post(PROFILE, { first_name: 'Alexandra' }),
        403,
        'FORBIDDEN',
        SETTINGS_TEXTS.notAllowedField('First Name'),
      );
      const named = await renamed.as.supervisor.post(PROFILE, { first_name: 'Sofia M.', title: 'Lead' });
      expect(named.statusCode, named.body).toBe(200);
      expect(named.json().user).toMatchObject({ first_name: 'Sofia M.', title: 'Lead' });
    });

    it('the employee list marks learners by permissions (the Login button), not by the role name', async () => {
      const rows = await employees(renamed.as.admin);
      expect(rows.get(renamed.users.agent.id)).toMatchObject({ role: 'Trainee', learner: true });
      expect(rows.get(renamed.users.supervisor.id)).toMatchObject({ role: 'agent', learner: false });
      expect(rows.get(renamed.users.admin.id)?.learner).toBe(false);
    });
  });

  describe('a role without the permission is refused', () => {
    it('login as agent: a custom learner role opens; the caller needs every permission the learner holds', async () => {
      const coach = await userWithGrants(ctx, co.company, LEARNER_GRANTS);
      const opened = await co.as.admin.post(LOGIN_AS, { id: coach.user.id });
      expect(opened.statusCode, opened.body).toBe(200);
      // employee_list update alone: the learner holds permissions this caller does not (no escalation)
      const clerk = await userWithGrants(ctx, co.company, [
        { task: 'employee_list', type: 'view' },
        { task: 'employee_list', type: 'update' },
      ]);
      expectFailure(
        await clerk.as.post(LOGIN_AS, { id: coach.user.id }),
        403,
        'FORBIDDEN',
        EMPLOYEE_TEXTS.noEscalationUser,
      );
      // without employee_list update: refused by the route and by the policy
      expectFailure(await co.as.supervisor.post(LOGIN_AS, { id: coach.user.id }), 403, 'FORBIDDEN');
      // nobody logs in to their own account, nor to an administrator's
      expectFailure(
        await co.as.admin.post(LOGIN_AS, { id: co.users.admin.id }),
        403,
        'FORBIDDEN',
        MESSAGES.loginAsAgentOnlyAgents,
      );
      expectFailure(
        await co.as.admin.post(LOGIN_AS, { id: co.users.manager.id }),
        403,
        'FORBIDDEN',
        MESSAGES.loginAsAgentOnlyAgents,
      );
    });

    it('an agent given a temporary role with an Admin task is no longer a learner today', async () => {
      const agent = await buildUser(ctx, co.company, { role: ROLE_NAMES.agent });
      const res = await co.as.admin.post(`/api/v1/roles/add-temp-role?user_id=${agent.id}`, {
        role: co.company.roleIds[ROLE_NAMES.supervisor],
        startDate: dayFromToday(0),
        endDate: dayFromToday(1),
      });
      expect(res.statusCode, res.body).toBe(200);
      expectFailure(
        await co.as.admin.post(LOGIN_AS, { id: agent.id }),
        403,
        'FORBIDDEN',
        MESSAGES.loginAsAgentOnlyAgents,
      );
      expect((await employees(co.as.admin)).get(agent.id)?.learner).toBe(false);
    });

    it('user info, sent notifications, groups, roles and sims check the permission of the action', async () => {
      const learner = await userWithGrants(ctx, co.company, LEARNER_GRANTS);
      // oneself always; someone else only with an employee_list permission
      expect((await learner.as.get(`/api/v1/users/info?user_id=${learner.user.id}`)).statusCode).toBe(200);
      expectFailure(await learner.as.get(`/api/v1/users/info?user_id=${co.users.agent.id}`), 403, 'FORBIDDEN');
      // the company's sent notifications need notifications view; one's inbox does not
      const sent = '/api/v1/users/notification-listing?notificationListingPage=sent&skip=0&limit=10';
      expectFailure(await learner.as.get(sent), 403, 'FORBIDDEN');
      expect((await learner.as.get('/api/v1/users/notification-listing?skip=0&limit=10')).statusCode).toBe(200);
      expect((await co.as.supervisor.get(sent)).statusCode).toBe(200);
      // create and update are different permissions on the same route
      const groupsCreator = await userWithGrants(ctx, co.company, [
        { task: 'groups', type: 'view' },
        { task: 'groups', type: 'create' },
      ]);
      const group = await buildGroup(ctx, co.company, { ownerId: co.users.admin.id });
      const save = { name: unique('Team'), owner_id: co.users.admin.id };
      expect((await groupsCreator.as.post('/api/v1/groups/save-edit', save)).statusCode).toBe(200);
      expectFailure(
        await groupsCreator.as.post('/api/v1/groups/save-edit', { ...save, _id: group.id, name: unique('Team') }),
        403,
        'FORBIDDEN',
      );
      const rolesCreator = await userWithGrants(ctx, co.company, [
        { task: 'roles', type: 'view' },
        { task: 'roles', type: 'create' },
      ]);
      expect((await rolesCreator.as.post('/api/v1/roles', { name: unique('Role') })).statusCode).toBe(200);
      expectFailure(
        await rolesCreator.as.post('/api/v1/roles', { _id: co.company.roleIds[ROLE_NAMES.agent], name: 'x' }),
        403,
        'FORBIDDEN',
      );
      const simViewer = await userWithGrants(ctx, co.company, [
        { task: 'sim_list', type: 'view' },
        { task: 'sim_list', type: 'update' },
      ]);
      expectFailure(await basicInfo(simViewer.as, { title: unique('Sim'), description: 'x' }), 403, 'FORBIDDEN');
    });
  });

  describe('records of another company are 404', () => {
    it('users: login as agent, user info and saves', async () => {
      expectFailure(
        await co.as.admin.post(LOGIN_AS, { id: other.users.agent.id }),
        404,
        'NOT_FOUND',
        MESSAGES.notFound,
      );
      expectFailure(await co.as.admin.get(`/api/v1/users/info?user_id=${other.users.agent.id}`), 404, 'NOT_FOUND');
      const group = await buildGroup(ctx, co.company);
      const save = await co.as.admin.post('/api/v1/users/create', {
        ...newUserBody(co.company, group.id, { email_id: other.users.agent.email }),
        _id: other.users.agent.id,
      });
      expectFailure(save, 404, 'NOT_FOUND');
    });

    it('roles, role permissions, groups and sims', async () => {
      const foreignRole = other.company.roleIds[ROLE_NAMES.supervisor];
      expectFailure(
        await co.as.admin.post('/api/v1/roles', { _id: foreignRole, name: unique('Role') }),
        404,
        'NOT_FOUND',
      );
      expectFailure(await co.as.admin.post('/api/v1/company/delete-role', { id: foreignRole }), 404, 'NOT_FOUND');
      expectFailure(
        await co.as.admin.post('/api/v1/roles/save-permissions', {
          permission_data: [{ role_id: foreignRole, permissions: [] }],
        }),
        404,
        'NOT_FOUND',
      );
      const foreignGroup = await buildGroup(ctx, other.company, { ownerId: other.users.admin.id });
      expectFailure(
        await co.as.admin.post('/api/v1/groups/save-edit', {
          _id: foreignGroup.id,
          name: unique('Team'),
          owner_id: co.users.admin.id,
        }),
        404,
        'NOT_FOUND',
      );
      const foreignSim = await buildSim(ctx, { id: other.users.admin.id, companyId: other.company.companyId });
      expectFailure(
        await basicInfo(co.as.admin, { _id: foreignSim, title: unique('Sim'), description: 'x' }),
        404,
        'NOT_FOUND',
      );
    });
  });
});
