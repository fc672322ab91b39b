import { screenRecordingApi as api } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { readMultipart } from '../../lib/multipart';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/access';
import { requestBuild } from './build';
import { ensureRetentionRuns, readRetention, writeRetention } from './retention';
import { CHUNK_FORM, receivePart } from './uploads';
import { getVideo, saveVideo } from './video';

/** The screen-recording calls (learner-and-review.md section 7; DECISIONS.md section 6). */
export const screenRecordingRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.saveStream, async (request) => {
    const actor = actorOf(request);
    const form = await readMultipart(request, CHUNK_FORM);
    return receivePart(deps, actor, form);
  });

  route(app, api.build, async (request, reply) => {
    const answer = await requestBuild(deps, actorOf(request), request.query.id, request.body);
    return reply.code(202).send(answer);
  });

  route(app, api.getVideo, async (request) => ({
    success: true as const,
    ...(await getVideo(deps, actorOf(request), request.query.id)),
  }));

  route(app, api.saveVideo, async (request) => ({
    success: true as const,
    ...(await saveVideo(deps, actorOf(request), request.query.id, request.body)),
  }));

  route(app, api.getRetention, async (request) => ({
    success: true as const,
    data: await readRetention(deps, actorOf(request)),
  }));

  route(app, api.setRetention, async (request) => ({
    success: true as const,
    ...(await writeRetention(deps, actorOf(request), request.body.retention_days)),
  }));

  // no scheduler: each company with recordings gets its daily retention run queued at start-up
  app.addHook('onReady', async () => {
    if (deps.config.env === 'test') return;
    ensureRetentionRuns(deps).catch((err) => app.log.error({ err }, 'screen-recording retention runs not queued'));
  });
};
