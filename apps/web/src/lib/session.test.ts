import type { TUserPermission } from '@sim/shared';
import { describe, expect, it } from 'vitest';
import { flattenPermissions } from './session';

const role = (over: Partial<TUserPermission>, details: [string, string][]): TUserPermission => ({
  role_id: 'r',
  role_name: 'x',
  temporary: false,
  start_date: null,
  end_date: null,
  permission_details: details.map(([task_name, permission_type], i) => ({
    task_id: task_name,
    task_name,
    permission_type: permission_type as 'view',
    permission_id: String(i),
  })),
  ...over,
});

describe('flattenPermissions', () => {
  it('merges the role and temporary roles active today into task:type keys', () => {
    const perms = [
      role({}, [
        ['sim_list', 'view'],
        ['groups', 'update'],
      ]),
      role({ temporary: true, start_date: '2025-01-01', end_date: '2025-01-31' }, [['roles', 'view']]),
      role({ temporary: true, start_date: '2025-02-01T00:00:00.000Z', end_date: '2025-02-28' }, [['tickets', 'view']]),
      role({}, [['not_a_task', 'view']]),
    ];
    expect([...flattenPermissions(perms, '2025-01-15')].sort()).toEqual([
      'groups:update',
      'roles:view',
      'sim_list:view',
    ]);
    expect([...flattenPermissions(perms, '2025-02-28')].sort()).toEqual([
      'groups:update',
      'sim_list:view',
      'tickets:view',
    ]);
  });
});
