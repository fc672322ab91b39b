import { defineRoute } from '../contract/define';
import { ZMessageResponse } from '../schemas/common';
import {
  ZMatrixQuery,
  ZMatrixResponse,
  ZSavePermissionDetailsQuery,
  ZSavePermissionDetailsRequest,
  ZSavePermissionDetailsResponse,
  ZSaveRolePermissionsRequest,
} from '../schemas/permission-matrix';
import { requires } from './access';

const tags = ['permissions'];

/**
 * The permission matrix: products × tasks × roles × types, and the tasks' tooltips. The service checks on
 * top: roles of the caller's company (platform administrators: any), the shared tooltips for platform
 * administrators only.
 */
export const permissionMatrixApi = {
  details: defineRoute({
    method: 'POST',
    url: '/api/v1/permissions/details',
    access: requires('permissions', 'view'),
    tags,
    summary:
      "The matrix of a company (default: the caller's): products with their tasks and permission ids, and each role's permission ids",
    query: ZMatrixQuery,
    response: ZMatrixResponse,
  }),
  saveDetails: defineRoute({
    method: 'POST',
    url: '/api/v1/permissions/save-permission-details',
    access: requires('permissions', 'update'),
    tags,
    summary: "Save a task's tooltip and description (shared by every company: platform administrators only)",
    query: ZSavePermissionDetailsQuery,
    body: ZSavePermissionDetailsRequest,
    response: ZSavePermissionDetailsResponse,
  }),
  saveRolePermissions: defineRoute({
    method: 'POST',
    url: '/api/v1/roles/save-permissions',
    access: requires('permissions', 'create'),
    tags,
    summary: 'Replace the permissions of each listed role (roles of your company; platform administrators: any)',
    body: ZSaveRolePermissionsRequest,
    response: ZMessageResponse,
  }),
};
