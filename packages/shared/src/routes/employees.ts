import { type RouteAccess, requires } from './access';

/** Pickers of employees (groups, notifications, the user form): any of these permissions. */
const EMPLOYEE_PICKER: RouteAccess = {
  anyOf: [
    { task: 'employee_list', type: 'view' },
    { task: 'groups', type: 'view' },
    { task: 'groups', type: 'create' },
    { task: 'groups', type: 'update' },
    { task: 'notifications', type: 'create' },
    { task: 'roles', type: 'update' },
  ],
};

/**
 * Employees, the user form, temporary roles and my settings (issue 4 part A). Where a route serves both
 * "myself" and "someone else" it is `signedIn` here and the service checks the rest (users/info).
 */
export const EMPLOYEE_ROUTES: Record<string, RouteAccess> = {
  'GET /api/v1/employee/list': requires('employee_list', 'view'),
  'GET /api/v1/employee/minimal-data': EMPLOYEE_PICKER,
  'POST /api/v1/employee/delete': requires('employee_list', 'delete'),
  'GET /api/v1/employee/form-options': {
    anyOf: [
      { task: 'employee_list', type: 'view' },
      { task: 'employee_list', type: 'create' },
      { task: 'employee_list', type: 'update' },
      { task: 'roles', type: 'update' },
    ],
  },
  'GET /api/v1/employee/permission-details': requires('employee_list', 'view'),
  'GET /api/v1/users/list': EMPLOYEE_PICKER,
  // myself: anyone signed in; someone else: employee_list view (checked by the service)
  'GET /api/v1/users/info': 'signedIn',
  'GET /api/v1/users/duplicate-email': {
    anyOf: [
      { task: 'employee_list', type: 'create' },
      { task: 'employee_list', type: 'update' },
    ],
  },
  // create needs employee_list create, update (with _id) employee_list update (checked by the service)
  'POST /api/v1/users/create': {
    anyOf: [
      { task: 'employee_list', type: 'create' },
      { task: 'employee_list', type: 'update' },
    ],
  },
  'POST /api/v1/roles/add-temp-role': requires('roles', 'update'),
  'POST /api/v1/roles/delete-temp-role': requires('roles', 'update'),
  // my settings: the signed-in user, for themselves only
  'POST /api/v1/users/update-profile': 'signedIn',
  'POST /api/v1/users/update-password': 'signedIn',
  'POST /api/v1/users/update-profile-photo': 'signedIn',
  // profile photos are read by <img> without a token: unguessable names (capability URLs)
  'GET /api/v1/users/profile-photo': 'public',
};
