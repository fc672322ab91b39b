import { describe, expect, it } from 'vitest';
import {
  defaultGrantsFor,
  type Grant,
  hasAnyPermission,
  isTempRoleActive,
  PERMISSION_CATALOGUE,
  permissionKey,
  resolvePermissions,
  TASK_NAMES,
  taskDef,
} from '../src/permissions';

const keys = (grants: Grant[]) => new Set(grants.map((g) => permissionKey(g.task, g.type)));

describe('permission catalogue', () => {
  it('names every task of the spec once, under the four products of the matrix', () => {
    expect(PERMISSION_CATALOGUE.map((p) => p.name)).toEqual(['Dashboard', 'Admin', 'Sims', 'Helpdesk']);
    for (const t of [
      'employee_list',
      'groups',
      'permissions',
      'roles',
      'tickets',
      'assignment',
      'all_assignments',
      'review_assignments',
      'sim_list',
      'user_account',
      'user_name',
      'company_name',
      'my_notepad',
      'assessor_notes',
      'notes_to_user',
      'download_video',
      'sim_admin',
      'sim_assignment',
    ])
      expect(TASK_NAMES).toContain(t);
    expect(new Set(TASK_NAMES).size).toBe(TASK_NAMES.length);
  });
});

describe('default matrix (DECISIONS.md section 8)', () => {
  const all = PERMISSION_CATALOGUE.flatMap((p) => p.tasks.flatMap((t) => t.types.map((type) => `${t.name}:${type}`)));
  it.each([
    ['admin', (k: Set<string>) => all.every((x) => k.has(x))],
    ['Account Owner', (k: Set<string>) => all.every((x) => k.has(x))],
    [
      'manager',
      (k: Set<string>) =>
        !hasAnyPermission(k, 'permissions') &&
        !hasAnyPermission(k, 'roles') &&
        k.has('employee_list:delete') &&
        k.has('sim_list:create'),
    ],
    [
      'supervisor',
      (k: Set<string>) =>
        k.has('review_assignments:view') &&
        k.has('assessor_notes:update') &&
        k.has('employee_list:view') &&
        !k.has('employee_list:update') &&
        !k.has('sim_list:create') &&
        !hasAnyPermission(k, 'roles'),
    ],
    [
      'agent',
      (k: Set<string>) =>
        k.has('assignment:view') &&
        k.has('my_notepad:create') &&
        k.has('tickets:create') &&
        k.has('tickets:view') &&
        k.has('assessor_notes:view') &&
        !k.has('assessor_notes:create') &&
        !hasAnyPermission(k, 'employee_list') &&
        !hasAnyPermission(k, 'sim_list') &&
        !k.has('all_assignments:view'),
    ],
  ])('%s', (role, check) => {
    expect(check(keys(defaultGrantsFor(role)))).toBe(true);
  });
  it('gives an unknown role nothing', () => expect(defaultGrantsFor('trainer')).toEqual([]));
  it('only grants types a task offers', () => {
    for (const role of ['admin', 'manager', 'supervisor', 'agent'])
      for (const g of defaultGrantsFor(role)) {
        expect(taskDef(g.task).types).toContain(g.type);
      }
  });
});

describe('resolvePermissions: role plus active temporary roles', () => {
  const role = { disabled: false, grants: [{ task: 'assignment', type: 'view' }] as Grant[] };
  const temp = (startDate: string, endDate: string, disabled = false) => ({
    disabled,
    startDate,
    endDate,
    grants: [{ task: 'employee_list', type: 'view' }] as Grant[],
  });
  it.each([
    ['before the start', '2030-01-09', false],
    ['on the first day', '2030-01-10', true],
    ['on the last day', '2030-01-12', true],
    ['after the end', '2030-01-13', false],
  ])('temporary role %s', (_, today, expected) => {
    const p = resolvePermissions(role, [temp('2030-01-10', '2030-01-12')], today);
    expect(p.has('assignment:view')).toBe(true);
    expect(p.has('employee_list:view')).toBe(expected);
    expect(isTempRoleActive({ startDate: '2030-01-10', endDate: '2030-01-12' }, today)).toBe(expected);
  });
  it('grants nothing through a disabled role', () => {
    expect(resolvePermissions({ ...role, disabled: true }, [], '2030-01-01').size).toBe(0);
    expect(
      resolvePermissions(role, [temp('2030-01-01', '2030-12-31', true)], '2030-06-01').has('employee_list:view'),
    ).toBe(false);
  });
  it('works for a user without a role', () => {
    expect([...resolvePermissions(null, [temp('2030-01-01', '2030-01-01')], '2030-01-01')]).toEqual([
      'employee_list:view',
    ]);
  });
});
