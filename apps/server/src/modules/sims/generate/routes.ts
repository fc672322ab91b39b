import { AUTHORING_MESSAGES, ZGenerateSimRequest, ZGenerateSimResponse } from '@sim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../plugins/access';
import { generateSim } from './service';

export const generateRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.post(
    '/api/v1/sims/generate-sim',
    {
      schema: {
        tags: ['sim levels'],
        summary:
          "Generate Sim: copy the first level's scripts into up to 4 new levels with fixed names and transforms (levelId: their settings; at most 5 levels, 422 otherwise)",
        body: ZGenerateSimRequest,
        response: { 200: ZGenerateSimResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: AUTHORING_MESSAGES.levelsGenerated,
      levels: await generateSim(deps, actorOf(request), request.body.sim_id, request.body.levelId),
    }),
  );
};
