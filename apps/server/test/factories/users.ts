import { ROLE_NAMES, type TCreateUserRequest } from '@sim/shared';
import type { TestCompany } from './company';
import { unique } from './values';

/** A valid body of POST /api/v1/users/create (every required field). */
export function newUserBody(
  company: Pick<TestCompany, 'roleIds'>,
  groupId: string,
  overrides: Partial<TCreateUserRequest> = {},
): TCreateUserRequest {
  return {
    first_name: 'Grace',
    last_name: 'Hopper',
    nick_name: 'Amazing',
    title: 'Patient Access Representative',
    email_id: `${unique('grace')}@example.test`.toLowerCase(),
    phone_number: '+1 (555) 123-4567',
    role: company.roleIds[ROLE_NAMES.agent],
    schedule: 'Full time',
    duration: 'Permanent',
    employment: 'Employee',
    workplace: 'WAH',
    joined_company: 'New hire',
    groups: [groupId],
    probation: 'New hire',
    promoted: 'Support',
    outsourcer: 'TTEC',
    ...overrides,
  };
}
