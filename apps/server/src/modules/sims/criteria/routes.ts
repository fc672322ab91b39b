import { AUTHORING_MESSAGES, criteriaApi as api } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../lib/route';
import { actorOf } from '../../../plugins/access';
import { removeCriteria, setCriteria } from './service';

/** Pass/fail criteria of a sim, carried by one level (authoring.md sections 3 and 4). */
export const criteriaRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.set, async (request) => ({
    success: true as const,
    message: AUTHORING_MESSAGES.criteriaSet,
    pass_fail: await setCriteria(deps, actorOf(request), request.body),
  }));

  route(app, api.remove, async (request) => {
    await removeCriteria(deps, actorOf(request), request.body);
    return { success: true as const, message: AUTHORING_MESSAGES.criteriaRemoved };
  });
};
