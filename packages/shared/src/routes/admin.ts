import { type RouteAccess, requires } from './access';

/**
 * Administration, part B (issue 4): groups, roles, the permission matrix, notifications. The services
 * check the specific record on top (its company; create vs update on the save routes; platform admin
 * for other companies and for the shared task tooltips).
 */
export const ADMIN_ROUTES: Record<string, RouteAccess> = {
  // groups
  'GET /api/v1/groups/listing': requires('groups', 'view'),
  'POST /api/v1/groups/save-edit': {
    anyOf: [
      { task: 'groups', type: 'create' },
      { task: 'groups', type: 'update' },
    ],
  },
  'POST /api/v1/groups/delete': requires('groups', 'delete'),
  'POST /api/v1/users/edit-group': requires('groups', 'update'),
  'GET /api/v1/users/user-by-group': requires('groups', 'view'),
  'GET /api/v1/sims/group/listing': 'signedIn',
  // companies and roles
  'GET /api/v1/company/list': {
    anyOf: [
      { task: 'roles', type: 'view' },
      { task: 'permissions', type: 'view' },
    ],
  },
  'GET /api/v1/company/role-list': 'signedIn',
  'POST /api/v1/roles': {
    anyOf: [
      { task: 'roles', type: 'create' },
      { task: 'roles', type: 'update' },
    ],
  },
  'POST /api/v1/company/delete-role': requires('roles', 'delete'),
  // permission matrix
  'POST /api/v1/permissions/details': requires('permissions', 'view'),
  'POST /api/v1/permissions/save-permission-details': requires('permissions', 'update'),
  'POST /api/v1/roles/save-permissions': requires('permissions', 'create'),
  // notifications
  'POST /api/v1/users/save-notification': requires('notifications', 'create'),
  'GET /api/v1/users/notification-listing': 'signedIn',
  'POST /api/v1/users/notification-read': 'signedIn',
};
