import {
  AUTHORING_MESSAGES,
  ZRemovePassFailRequest,
  ZSetCriteriaRequest,
  ZSetCriteriaResponse,
  ZSimMessageResponse,
} from '@sim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../plugins/access';
import { removeCriteria, setCriteria } from './service';

/** Pass/fail criteria of a sim, carried by one level (authoring.md sections 3 and 4). */
export const criteriaRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['sim levels'];

  app.post(
    '/api/v1/sims/set-criteria',
    {
      schema: {
        tags,
        summary: 'Set the pass/fail criteria on a level (thresholds in percent; NA disables one)',
        body: ZSetCriteriaRequest,
        response: { 200: ZSetCriteriaResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: AUTHORING_MESSAGES.criteriaSet,
      pass_fail: await setCriteria(deps, actorOf(request), request.body),
    }),
  );

  app.post(
    '/api/v1/sims/remove-sim-passFail',
    {
      schema: {
        tags,
        summary: 'Remove the pass/fail criteria from the level that carries them',
        body: ZRemovePassFailRequest,
        response: { 200: ZSimMessageResponse },
      },
    },
    async (request) => {
      await removeCriteria(deps, actorOf(request), request.body);
      return { success: true as const, message: AUTHORING_MESSAGES.criteriaRemoved };
    },
  );
};
