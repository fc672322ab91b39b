import { AUTHORING_LIMITS, AUTHORING_MESSAGES, ZLogErrorRequest, ZSimMessageResponse } from '@sim/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors';
import { actorOf } from '../../plugins/access';
import { recordAudit } from '../audit/audit';

/** POST /api/v1/sims/log-error: a client-side error, written to the server log and the audit log. */
export const clientLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/sims/log-error',
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
      schema: {
        tags: ['sims'],
        summary: 'Report a client-side error (server log and audit log; 30 a minute per user)',
        body: ZLogErrorRequest,
        response: { 200: ZSimMessageResponse },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const report = request.body;
      request.log.warn({ clientError: report, userId: actor.userId, companyId: actor.companyId }, 'client error');
      await recordAudit(app.deps.db, {
        companyId: actor.companyId,
        actorId: actor.userId,
        action: 'client.error',
        targetType: 'client',
        details: { message: report.message, url: report.url, component: report.component, stack: report.stack },
        ip: request.ip,
      });
      return { success: true as const, message: AUTHORING_MESSAGES.errorLogged };
    },
  );
};
