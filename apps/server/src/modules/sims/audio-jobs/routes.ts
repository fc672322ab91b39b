import { simAudioJobsApi as api } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../lib/route';
import { actorOf } from '../../../plugins/access';
import * as service from './service';

/** The authoring area: bulk audio generation of a level, run as a background job the web polls. */
export const simAudioJobRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.start, async (request, reply) => {
    const { job, created } = await service.startLevelAudio(deps, actorOf(request), request.body);
    return reply.code(created ? 202 : 200).send({ success: true as const, job });
  });

  route(app, api.job, async (request) => ({
    success: true as const,
    job: await service.audioJob(deps, actorOf(request), request.params.id),
  }));

  route(app, api.levelJob, async (request) => ({
    success: true as const,
    job: await service.levelAudioJob(deps, actorOf(request), request.query),
  }));
};
