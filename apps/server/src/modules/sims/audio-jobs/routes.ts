import {
  ZAudioJobParams,
  ZAudioJobResponse,
  ZGenerateMissingAudioRequest,
  ZLevelAudioJobQuery,
  ZLevelAudioJobResponse,
} from '@sim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../plugins/access';
import * as service from './service';

/** The authoring area: bulk audio generation of a level, run as a background job the web polls. */
export const simAudioJobRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['sim audio jobs'];

  app.post(
    '/api/v1/sims/levels/generate-missing-audio',
    {
      schema: {
        tags,
        summary:
          "Queue a job generating the voice of every script of the level without audio, in its character's voice: 202 with the new job, or 200 with the level's job already queued or running",
        body: ZGenerateMissingAudioRequest,
        response: { 200: ZAudioJobResponse, 202: ZAudioJobResponse },
      },
    },
    async (request, reply) => {
      const { job, created } = await service.startLevelAudio(deps, actorOf(request), request.body);
      return reply.code(created ? 202 : 200).send({ success: true as const, job });
    },
  );

  app.get(
    '/api/v1/sims/audio-jobs/:id',
    {
      schema: {
        tags,
        summary: 'An audio job with its progress (total, done, failed); poll it while queued or running',
        params: ZAudioJobParams,
        response: { 200: ZAudioJobResponse },
      },
    },
    async (request) => ({
      success: true as const,
      job: await service.audioJob(deps, actorOf(request), request.params.id),
    }),
  );

  app.get(
    '/api/v1/sims/levels/audio-job',
    {
      schema: {
        tags,
        summary: 'The newest audio job of a level (null when it never had one), so a reloaded page resumes',
        querystring: ZLevelAudioJobQuery,
        response: { 200: ZLevelAudioJobResponse },
      },
    },
    async (request) => ({
      success: true as const,
      job: await service.levelAudioJob(deps, actorOf(request), request.query),
    }),
  );
};
