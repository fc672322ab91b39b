import {
  CASE_SERVICE,
  DATA_INPUT_MESSAGES,
  ZCaseDetailsQuery,
  ZCaseDetailsResponse,
  ZCaseIdsResponse,
} from '@sim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import { caseDetails, caseIds } from './service';

/**
 * The case service (DECISIONS.md section 7): the customer-management service of the case screen, built into
 * the server under /case-service/api/v1. Signed-in users only; every answer is scoped to the caller's company.
 */
export const caseServiceRoutes: FastifyPluginAsyncZod = async (app) => {
  // case details are personal data: never kept by a cache
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const deps = app.deps;
  const tags = ['case service'];

  app.get(
    CASE_SERVICE.idsPath,
    {
      schema: {
        tags,
        summary: "The case numbers of the caller's company, lowest first",
        response: { 200: ZCaseIdsResponse },
      },
    },
    async (request) => ({ success: true as const, ids: await caseIds(deps, actorOf(request)) }),
  );

  app.get(
    CASE_SERVICE.detailsPath,
    {
      schema: {
        tags,
        summary:
          "A case's details keyed by the layout fields' attribute names; an unknown case answers 404 'Case Details not loaded — Please try another case_number!'",
        querystring: ZCaseDetailsQuery,
        response: { 200: ZCaseDetailsResponse },
      },
    },
    async (request) => {
      const { caseNumber } = request.query;
      return {
        success: true as const,
        message: DATA_INPUT_MESSAGES.caseLoaded,
        caseNumber,
        details: await caseDetails(deps, actorOf(request), caseNumber),
      };
    },
  );
};
