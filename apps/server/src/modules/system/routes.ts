import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        summary: 'The server process is alive',
        response: { 200: z.object({ success: z.literal(true), status: z.literal('ok') }) },
      },
    },
    async () => ({ success: true as const, status: 'ok' as const }),
  );

  app.get(
    '/api/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'The database answers',
        response: { 200: z.object({ success: z.literal(true), database: z.literal('ok') }) },
      },
    },
    async (request) => {
      try {
        await app.deps.db.execute(sql`select 1`);
      } catch (err) {
        request.log.warn({ err }, 'database not reachable');
        throw new AppError('UNAVAILABLE', 'The database is not reachable.');
      }
      return { success: true as const, database: 'ok' as const };
    },
  );
};
