import { systemApi as api } from '@sim/shared';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';

export const systemRoutes: FastifyPluginAsync = async (app) => {
  route(app, api.health, async () => ({ success: true as const, status: 'ok' as const }));

  route(app, api.ready, async (request) => {
    try {
      await app.deps.db.execute(sql`select 1`);
    } catch (err) {
      request.log.warn({ err }, 'database not reachable');
      throw new AppError('UNAVAILABLE', 'The database is not reachable.');
    }
    return { success: true as const, database: 'ok' as const };
  });
};
