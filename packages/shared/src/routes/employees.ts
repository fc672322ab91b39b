import { defineRoute } from '../contract/define';
import { ZMessageResponse } from '../schemas/common';
import {
  ZAddTempRoleRequest,
  ZDeleteEmployeeRequest,
  ZDeleteTempRoleRequest,
  ZEmployeeListQuery,
  ZEmployeeListResponse,
  ZEmployeePermissionsQuery,
  ZEmployeePermissionsResponse,
  ZFormOptionsResponse,
  ZMinimalEmployeesResponse,
  ZTempRoleQuery,
  ZTempRolesResponse,
} from '../schemas/employees';
import {
  ZCreateUserRequest,
  ZCreateUserResponse,
  ZDuplicateEmailQuery,
  ZDuplicateEmailResponse,
  ZUserInfoQuery,
  ZUserInfoResponse,
  ZUsersListQuery,
  ZUsersListResponse,
} from '../schemas/users';
import { type RouteAccess, requires } from './access';

/** Pickers of employees (groups, notifications, the user form): any of these permissions. */
const EMPLOYEE_PICKER = {
  anyOf: [
    { task: 'employee_list', type: 'view' },
    { task: 'groups', type: 'view' },
    { task: 'groups', type: 'create' },
    { task: 'groups', type: 'update' },
    { task: 'notifications', type: 'create' },
    { task: 'roles', type: 'update' },
  ],
} as const satisfies RouteAccess;

/** Create or update a user: create needs employee_list create, update (with _id) employee_list update. */
const CREATE_OR_UPDATE_EMPLOYEE = {
  anyOf: [
    { task: 'employee_list', type: 'create' },
    { task: 'employee_list', type: 'update' },
  ],
} as const satisfies RouteAccess;

/**
 * Employees (the list of /admin tab 0 and its dialogs), the user form and temporary roles (issue 4 part A).
 * Where a route serves both "myself" and "someone else" it is `signedIn` here and the service checks the
 * rest (users/info); on users/create the service checks create vs update.
 */
export const employeesApi = {
  list: defineRoute({
    method: 'GET',
    url: '/api/v1/employee/list',
    access: requires('employee_list', 'view'),
    tags: ['employees'],
    summary: "A page of the company's employees: search, sort by any shown column, total",
    query: ZEmployeeListQuery,
    response: ZEmployeeListResponse,
  }),
  minimalData: defineRoute({
    method: 'GET',
    url: '/api/v1/employee/minimal-data',
    access: EMPLOYEE_PICKER,
    tags: ['employees'],
    summary: 'Every employee of the company with names, email, role and photo (for pickers)',
    response: ZMinimalEmployeesResponse,
  }),
  delete: defineRoute({
    method: 'POST',
    url: '/api/v1/employee/delete',
    access: requires('employee_list', 'delete'),
    tags: ['employees'],
    summary: 'Delete an employee (soft delete: they can no longer sign in); not yourself',
    body: ZDeleteEmployeeRequest,
    response: ZMessageResponse,
  }),
  formOptions: defineRoute({
    method: 'GET',
    url: '/api/v1/employee/form-options',
    access: {
      anyOf: [
        { task: 'employee_list', type: 'view' },
        { task: 'employee_list', type: 'create' },
        { task: 'employee_list', type: 'update' },
        { task: 'roles', type: 'update' },
      ],
    },
    tags: ['employees'],
    summary: "The company's roles and groups, for the user form and the temporary-role dialog",
    response: ZFormOptionsResponse,
  }),
  permissionDetails: defineRoute({
    method: 'GET',
    url: '/api/v1/employee/permission-details',
    access: requires('employee_list', 'view'),
    tags: ['employees'],
    summary: "An employee's effective permissions: their role and active temporary roles (VIEW column)",
    query: ZEmployeePermissionsQuery,
    response: ZEmployeePermissionsResponse,
  }),
  addTempRole: defineRoute({
    method: 'POST',
    url: '/api/v1/roles/add-temp-role',
    access: requires('roles', 'update'),
    tags: ['employees'],
    summary: 'Give an employee a role of the company between two dates (inclusive, from today)',
    query: ZTempRoleQuery,
    body: ZAddTempRoleRequest,
    response: ZTempRolesResponse,
  }),
  deleteTempRole: defineRoute({
    method: 'POST',
    url: '/api/v1/roles/delete-temp-role',
    access: requires('roles', 'update'),
    tags: ['employees'],
    summary: 'Remove a temporary role from an employee',
    query: ZTempRoleQuery,
    body: ZDeleteTempRoleRequest,
    response: ZTempRolesResponse,
  }),
  users: defineRoute({
    method: 'GET',
    url: '/api/v1/users/list',
    access: EMPLOYEE_PICKER,
    tags: ['users'],
    summary: "The company's users by name (optional search and paging)",
    query: ZUsersListQuery,
    response: ZUsersListResponse,
  }),
  // myself: anyone signed in; someone else: employee_list view (checked by the service)
  userInfo: defineRoute({
    method: 'GET',
    url: '/api/v1/users/info',
    access: 'signedIn',
    tags: ['users'],
    summary: "A user's whole record: yourself without user_id, or an employee (employee_list permission)",
    query: ZUserInfoQuery,
    response: ZUserInfoResponse,
  }),
  duplicateEmail: defineRoute({
    method: 'GET',
    url: '/api/v1/users/duplicate-email',
    access: CREATE_OR_UPDATE_EMPLOYEE,
    tags: ['users'],
    summary: 'Whether another user has this email: success true means duplicate',
    query: ZDuplicateEmailQuery,
    response: ZDuplicateEmailResponse,
  }),
  saveUser: defineRoute({
    method: 'POST',
    url: '/api/v1/users/create',
    access: CREATE_OR_UPDATE_EMPLOYEE,
    tags: ['users'],
    summary: 'Create a user (employee_list create), or update one when _id is given (employee_list update)',
    body: ZCreateUserRequest,
    response: ZCreateUserResponse,
  }),
};
