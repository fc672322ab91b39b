import { scoresApi as api, EXCEL_LEVELS, SCORE_EXPORT } from '@sim/shared';
import type { FastifyInstance } from 'fastify';
import { attachmentDisposition } from '../../lib/content-disposition';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/access';
import * as service from './service';

/** The score tab (learner-and-review.md sections 2 and 7, DECISIONS.md §6). */
export async function scoreRoutes(app: FastifyInstance) {
  const deps = app.deps;

  route(app, api.listing, async (request, reply) => {
    const actor = actorOf(request);
    if (!request.query.download)
      return { success: true as const, ...(await service.listScores(deps, actor, request.query, request.body)) };
    // a few exports at once, one per person (issue 32): the turn is held until the file is written
    const release = await deps.exportGate.enter(actor.userId);
    let stream: Awaited<ReturnType<typeof service.exportScores>>;
    try {
      stream = await service.exportScores(deps, actor, request.query, request.body, (error) =>
        request.log.error({ err: error }, 'the score export failed'),
      );
    } catch (err) {
      release();
      throw err;
    }
    stream.once('close', release);
    return reply
      .header('content-type', EXCEL_LEVELS.mimeType)
      .header('content-disposition', attachmentDisposition(SCORE_EXPORT.fileName))
      .send(stream);
  });

  route(app, api.filters, async (request) => ({
    success: true as const,
    ...(await service.scoreFilters(deps, actorOf(request), request.query.product)),
  }));

  route(app, api.insights, async (request) => ({
    success: true as const,
    ...(await service.scoreChart(deps, actorOf(request), request.query, request.body)),
  }));
}
