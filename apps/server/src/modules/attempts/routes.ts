import { attemptsApi as api, TAKE_SIM_MESSAGES } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/access';
import * as service from './service';

/**
 * Taking a sim (learner-and-review.md sections 2-4 and 7). The learner's recording and its result are the
 * extended grade-transcription and get-missed-correct-keywords routes of modules/sims/scripts.
 */
export const attemptRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.learnerSim, async (request) => ({
    success: true as const,
    ...(await service.learnerSim(deps, actorOf(request), request.query.assignment_id)),
  }));

  route(app, api.levelStats, async (request) => ({
    success: true as const,
    ...(await service.levelStats(deps, actorOf(request), request.query)),
  }));

  route(app, api.continue, async (request) => ({
    success: true as const,
    ...(await service.continueLevel(deps, actorOf(request), request.body)),
  }));

  route(app, api.takeSim, async (request) => ({
    success: true as const,
    ...(await service.takeSim(deps, actorOf(request), request.query)),
  }));

  route(app, api.start, async (request) => ({
    success: true as const,
    _id: await service.startAttempt(deps, actorOf(request), request.body),
  }));

  route(app, api.saveStats, async (request) => {
    await service.saveStats(deps, actorOf(request), request.body);
    return { success: true as const };
  });

  route(app, api.lineId, async (request) => ({
    success: true as const,
    id: await service.lineId(deps, actorOf(request), request.body),
  }));

  route(app, api.retryLine, async (request) => ({
    success: true as const,
    message: await service.retryLine(deps, actorOf(request), request.body.id),
  }));

  route(app, api.finalScore, async (request) => ({
    success: true as const,
    ...(await service.finalScore(deps, actorOf(request), request.body)),
  }));

  route(app, api.saveInputs, async (request) => {
    await service.saveInputs(deps, actorOf(request), request.query, request.body.inputs);
    return { success: true as const, message: TAKE_SIM_MESSAGES.inputsSaved };
  });
};
