import { casesApi as api, DATA_INPUT_MESSAGES } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/access';
import { caseDetails, caseIds } from './service';

/**
 * The case service (DECISIONS.md section 7): the customer-management service of the case screen, built into
 * the server under /case-service/api/v1. Signed-in users only; every answer is scoped to the caller's company.
 */
export const caseServiceRoutes: FastifyPluginAsync = async (app) => {
  // case details are personal data: never kept by a cache
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const deps = app.deps;

  route(app, api.ids, async (request) => ({ success: true as const, ids: await caseIds(deps, actorOf(request)) }));

  route(app, api.details, async (request) => {
    const { caseNumber } = request.query;
    return {
      success: true as const,
      message: DATA_INPUT_MESSAGES.caseLoaded,
      caseNumber,
      details: await caseDetails(deps, actorOf(request), caseNumber),
    };
  });
};
