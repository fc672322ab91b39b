import { ADMIN_TEXTS, rolesApi as api } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/access';
import * as service from './service';

/** Companies and roles (the roles screen; the role selects of the user form). */
export const roleRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.companies, async (request) => ({
    success: true as const,
    companies: await service.listCompanies(deps, actorOf(request)),
  }));

  route(app, api.list, async (request) => ({
    success: true as const,
    ...(await service.listRoles(deps, actorOf(request), request.query)),
  }));

  route(app, api.save, async (request) => ({
    success: true as const,
    message: ADMIN_TEXTS.roleSaved,
    role: await service.saveRole(deps, actorOf(request), request.body),
  }));

  route(app, api.delete, async (request) => {
    await service.deleteRole(deps, actorOf(request), request.body.id, request.ip);
    return { success: true as const, message: ADMIN_TEXTS.roleDeleted };
  });
};
