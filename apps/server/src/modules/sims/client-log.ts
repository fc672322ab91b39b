import { AUTHORING_LIMITS, AUTHORING_MESSAGES, simsApi } from '@sim/shared';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/access';
import { recordAudit } from '../audit/service';

/** A client-side error, written to the server log and the audit log (30 a minute per user). */
export const clientLogRoutes: FastifyPluginAsync = async (app) => {
  route(
    app,
    simsApi.logError,
    async (request) => {
      const actor = actorOf(request);
      const report = request.body;
      request.log.warn({ clientError: report, userId: actor.userId, companyId: actor.companyId }, 'client error');
      await recordAudit(
        app.deps.db,
        { companyId: actor.companyId, actorId: actor.userId, ip: request.ip },
        { type: 'client.error', report },
      );
      return { success: true as const, message: AUTHORING_MESSAGES.errorLogged };
    },
    {
      config: {
        rateLimit: {
          max: AUTHORING_LIMITS.logErrorPerMinute,
          timeWindow: 60_000,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `log-error|${request.actor?.userId ?? request.ip}`,
          errorResponseBuilder: () => new AppError('RATE_LIMITED', AUTHORING_MESSAGES.tooManyErrorReports),
        },
      },
    },
  );
};
