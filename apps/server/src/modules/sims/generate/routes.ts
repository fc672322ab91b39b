import { AUTHORING_MESSAGES, levelsApi } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../lib/route';
import { actorOf } from '../../../plugins/access';
import { generateSim } from './service';

export const generateRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  route(app, levelsApi.generate, async (request) => ({
    success: true as const,
    message: AUTHORING_MESSAGES.levelsGenerated,
    levels: await generateSim(deps, actorOf(request), request.body.sim_id, request.body.levelId),
  }));
};
