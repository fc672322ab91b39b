import { defaultGrantsFor, permissionKey } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { menuItemsFor } from './menu';

const keys = (...list: string[]) => new Set(list);
/** The role's name is passed only to prove it changes nothing. */
const labels = (_role: string, perms: ReadonlySet<string>) => menuItemsFor(perms).map((i) => i.label);
const grantsOf = (role: string) => new Set(defaultGrantsFor(role).map((g) => permissionKey(g.task, g.type)));

describe('menuItemsFor', () => {
  it.each([
    { case: 'no permissions', role: 'manager', perms: keys(), expected: ['DASHBOARD', 'SETTINGS'] },
    {
      case: 'sim_list view',
      role: 'manager',
      perms: keys('sim_list:view'),
      expected: ['DASHBOARD', 'SIMS', 'SETTINGS'],
    },
    {
      case: 'sim_list create only',
      role: 'manager',
      perms: keys('sim_list:create'),
      expected: ['DASHBOARD', 'SETTINGS'],
    },
    {
      case: 'a role named Agent is not special: sim_list view shows SIMS',
      role: 'Agent',
      perms: keys('sim_list:view'),
      expected: ['DASHBOARD', 'SIMS', 'SETTINGS'],
    },
    {
      case: 'employee_list delete',
      role: 'x',
      perms: keys('employee_list:delete'),
      expected: ['DASHBOARD', 'ADMIN', 'SETTINGS'],
    },
    { case: 'groups view', role: 'x', perms: keys('groups:view'), expected: ['DASHBOARD', 'ADMIN', 'SETTINGS'] },
    {
      case: 'permissions update',
      role: 'x',
      perms: keys('permissions:update'),
      expected: ['DASHBOARD', 'ADMIN', 'SETTINGS'],
    },
    { case: 'roles create', role: 'x', perms: keys('roles:create'), expected: ['DASHBOARD', 'ADMIN', 'SETTINGS'] },
    { case: 'notifications only', role: 'x', perms: keys('notifications:view'), expected: ['DASHBOARD', 'SETTINGS'] },
    {
      case: 'a role named AGENT with groups view shows ADMIN',
      role: ' AGENT ',
      perms: keys('groups:view'),
      expected: ['DASHBOARD', 'ADMIN', 'SETTINGS'],
    },
    {
      case: 'tickets view',
      role: 'agent',
      perms: keys('tickets:view'),
      expected: ['DASHBOARD', 'HELPDESK', 'SETTINGS'],
    },
    { case: 'tickets create only', role: 'x', perms: keys('tickets:create'), expected: ['DASHBOARD', 'SETTINGS'] },
    {
      case: 'everything',
      role: 'admin',
      perms: keys('sim_list:view', 'roles:view', 'tickets:view'),
      expected: ['DASHBOARD', 'SIMS', 'ADMIN', 'HELPDESK', 'SETTINGS'],
    },
  ])('$case → $expected', ({ role, perms, expected }) => {
    expect(labels(role, perms)).toEqual(expected);
  });

  it.each([
    { role: 'admin', expected: ['DASHBOARD', 'SIMS', 'ADMIN', 'HELPDESK', 'SETTINGS'] },
    { role: 'account owner', expected: ['DASHBOARD', 'SIMS', 'ADMIN', 'HELPDESK', 'SETTINGS'] },
    { role: 'manager', expected: ['DASHBOARD', 'SIMS', 'ADMIN', 'HELPDESK', 'SETTINGS'] },
    { role: 'supervisor', expected: ['DASHBOARD', 'SIMS', 'ADMIN', 'HELPDESK', 'SETTINGS'] },
    { role: 'agent', expected: ['DASHBOARD', 'HELPDESK', 'SETTINGS'] },
  ])('default grants of $role → $expected', ({ role, expected }) => {
    expect(labels(role, grantsOf(role))).toEqual(expected);
  });

  it('links each item to its route', () => {
    expect(menuItemsFor(keys('sim_list:view', 'groups:view', 'tickets:view')).map((i) => i.to)).toEqual([
      '/dashboard',
      '/sims',
      '/admin',
      '/helpdesk',
      '/settings',
    ]);
  });
});
