import { voiceServiceApi as api } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/access';
import * as service from './service';

/**
 * The hand-off of a level's audio to the external voice-recording service (learner-and-review.md sections
 * 2 and 7): send it (200 with the outcome, 202 while it is still queued) and read its state.
 */
export const voiceServiceRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.merge, async (request, reply) => {
    const { code, answer } = await service.handOff(deps, actorOf(request), request.body);
    reply.code(code);
    return answer;
  });

  route(app, api.status, async (request) => service.handOffStatus(deps, actorOf(request), request.query.responseId));
};
