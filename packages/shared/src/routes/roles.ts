import { defineRoute } from '../contract/define';
import { ZMessageResponse } from '../schemas/common';
import { ZDeleteByIdRequest } from '../schemas/groups';
import {
  ZCompanyListResponse,
  ZRoleListQuery,
  ZRoleListResponse,
  ZSaveRoleRequest,
  ZSaveRoleResponse,
} from '../schemas/roles';
import { requires } from './access';

const tags = ['roles'];

/**
 * Companies and roles (the roles screen; the role selects of the user form). The services check the
 * specific record on top: its company (platform administrators: any), create vs update on save.
 */
export const rolesApi = {
  companies: defineRoute({
    method: 'GET',
    url: '/api/v1/company/list',
    access: {
      anyOf: [
        { task: 'roles', type: 'view' },
        { task: 'permissions', type: 'view' },
      ],
    },
    tags,
    summary: "Companies: every company for a platform administrator, otherwise the caller's own",
    response: ZCompanyListResponse,
  }),
  list: defineRoute({
    method: 'GET',
    url: '/api/v1/company/role-list',
    access: 'signedIn',
    tags,
    summary:
      "The roles of a company (default: the caller's; another company only for a platform administrator). Without limit: every role",
    query: ZRoleListQuery,
    response: ZRoleListResponse,
  }),
  save: defineRoute({
    method: 'POST',
    url: '/api/v1/roles',
    access: {
      anyOf: [
        { task: 'roles', type: 'create' },
        { task: 'roles', type: 'update' },
      ],
    },
    tags,
    summary:
      'Save a role: create (roles create), duplicate with duplicate_from (roles create, permissions copied), or with _id rename / enable / disable (roles update)',
    body: ZSaveRoleRequest,
    response: ZSaveRoleResponse,
  }),
  delete: defineRoute({
    method: 'POST',
    url: '/api/v1/company/delete-role',
    access: requires('roles', 'delete'),
    tags,
    summary: 'Delete a role; 409 while users hold it (as their role or a current temporary role)',
    body: ZDeleteByIdRequest,
    response: ZMessageResponse,
  }),
};
