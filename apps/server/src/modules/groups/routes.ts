import { ADMIN_TEXTS, groupsApi as api } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/access';
import * as service from './service';

/** Groups and their members (administration-and-support.md sections 2 and 7). */
export const groupRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.list, async (request) => ({
    success: true as const,
    ...(await service.listGroups(deps, actorOf(request), request.query)),
  }));

  route(app, api.save, async (request) => ({
    success: true as const,
    message: ADMIN_TEXTS.groupSaved,
    group: await service.saveGroup(deps, actorOf(request), request.body),
  }));

  route(app, api.delete, async (request) => {
    await service.deleteGroup(deps, actorOf(request), request.body.id);
    return { success: true as const, message: ADMIN_TEXTS.groupDeleted };
  });

  route(app, api.editMember, async (request) => ({
    success: true as const,
    message: await service.editGroupMember(deps, actorOf(request), request.body),
  }));

  route(app, api.members, async (request) => ({
    success: true as const,
    users: await service.usersOfGroup(deps, actorOf(request), request.query.group_id),
  }));

  route(app, api.options, async (request) => ({
    success: true as const,
    groups: await service.groupOptions(deps, actorOf(request)),
  }));
};
