import {
  ADMIN_TEXTS,
  ZMatrixQuery,
  ZMatrixResponse,
  ZMessageResponse,
  ZSavePermissionDetailsQuery,
  ZSavePermissionDetailsRequest,
  ZSavePermissionDetailsResponse,
  ZSaveRolePermissionsRequest,
} from '@sim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import * as service from './service';

/** The permission matrix: products × tasks × roles × types, and the tasks' tooltips. */
export const permissionMatrixRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['permissions'];

  app.post(
    '/api/v1/permissions/details',
    {
      schema: {
        tags,
        summary:
          "The matrix of a company (default: the caller's): products with their tasks and permission ids, and each role's permission ids",
        querystring: ZMatrixQuery,
        response: { 200: ZMatrixResponse },
      },
    },
    async (request) => service.matrix(deps, actorOf(request), request.query.company_id),
  );

  app.post(
    '/api/v1/permissions/save-permission-details',
    {
      schema: {
        tags,
        summary: "Save a task's tooltip and description (shared by every company: platform administrators only)",
        querystring: ZSavePermissionDetailsQuery,
        body: ZSavePermissionDetailsRequest,
        response: { 200: ZSavePermissionDetailsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: ADMIN_TEXTS.detailsSaved,
      task: await service.savePermissionDetails(deps, actorOf(request), request.query.id, request.body),
    }),
  );

  app.post(
    '/api/v1/roles/save-permissions',
    {
      schema: {
        tags,
        summary: 'Replace the permissions of each listed role (roles of your company; platform administrators: any)',
        body: ZSaveRolePermissionsRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await service.saveRolePermissions(deps, actorOf(request), request.body, request.ip);
      return { success: true as const, message: ADMIN_TEXTS.permissionsSaved };
    },
  );
};
