import { ADMIN_TEXTS, permissionMatrixApi as api } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/access';
import * as service from './service';

/** The permission matrix: products × tasks × roles × types, and the tasks' tooltips. */
export const permissionMatrixRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.details, async (request) => service.matrix(deps, actorOf(request), request.query.company_id));

  route(app, api.saveDetails, async (request) => ({
    success: true as const,
    message: ADMIN_TEXTS.detailsSaved,
    task: await service.savePermissionDetails(deps, actorOf(request), request.query.id, request.body),
  }));

  route(app, api.saveRolePermissions, async (request) => {
    await service.saveRolePermissions(deps, actorOf(request), request.body, request.ip);
    return { success: true as const, message: ADMIN_TEXTS.permissionsSaved };
  });
};
