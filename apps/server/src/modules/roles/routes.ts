import {
  ADMIN_TEXTS,
  ZCompanyListResponse,
  ZDeleteByIdRequest,
  ZMessageResponse,
  ZRoleListQuery,
  ZRoleListResponse,
  ZSaveRoleRequest,
  ZSaveRoleResponse,
} from '@sim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import * as service from './service';

/** Companies and roles (the roles screen; the role selects of the user form). */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['roles'];

  app.get(
    '/api/v1/company/list',
    {
      schema: {
        tags,
        summary: "Companies: every company for a platform administrator, otherwise the caller's own",
        response: { 200: ZCompanyListResponse },
      },
    },
    async (request) => ({ success: true as const, companies: await service.listCompanies(deps, actorOf(request)) }),
  );

  app.get(
    '/api/v1/company/role-list',
    {
      schema: {
        tags,
        summary:
          "The roles of a company (default: the caller's; another company only for a platform administrator). Without limit: every role",
        querystring: ZRoleListQuery,
        response: { 200: ZRoleListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.listRoles(deps, actorOf(request), request.query)),
    }),
  );

  app.post(
    '/api/v1/roles',
    {
      schema: {
        tags,
        summary:
          'Save a role: create (roles create), duplicate with duplicate_from (roles create, permissions copied), or with _id rename / enable / disable (roles update)',
        body: ZSaveRoleRequest,
        response: { 200: ZSaveRoleResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: ADMIN_TEXTS.roleSaved,
      role: await service.saveRole(deps, actorOf(request), request.body),
    }),
  );

  app.post(
    '/api/v1/company/delete-role',
    {
      schema: {
        tags,
        summary: 'Delete a role; 409 while users hold it (as their role or a current temporary role)',
        body: ZDeleteByIdRequest,
        response: { 200: ZMessageResponse },
      },
    },
    async (request) => {
      await service.deleteRole(deps, actorOf(request), request.body.id, request.ip);
      return { success: true as const, message: ADMIN_TEXTS.roleDeleted };
    },
  );
};
