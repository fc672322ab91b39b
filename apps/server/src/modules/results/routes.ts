import { resultsApi as api } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/access';
import { overrideKeyword } from './keyword-override';
import * as service from './service';

/**
 * The result view and the review (learner-and-review.md sections 2, 3 and 7): results, recordings, audio
 * status, send for review / PASS / NO PASS, a reviewer's keyword decisions (issue 30), the track record,
 * assessor notes and the assignment's history.
 */
export const resultRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.result, async (request) => {
    const actor = actorOf(request);
    if (request.query.check_result_exist)
      return {
        success: true as const,
        result_exist: await service.resultExists(deps, actor, request.body, request.query.user_id),
      };
    return { success: true as const, ...(await service.userResult(deps, actor, request.body, request.query.user_id)) };
  });

  route(app, api.recording, async (request, reply) =>
    service.sendRecording(deps, request.actor, request.params.id, request, reply),
  );

  route(app, api.audioStatus, async (request) => ({
    success: true as const,
    ...(await service.audioStatus(deps, actorOf(request), request.query)),
  }));

  route(app, api.addStatus, async (request) => ({
    success: true as const,
    ...(await service.addStatus(deps, actorOf(request), request.body)),
  }));

  route(app, api.keywordOverride, async (request) => ({
    success: true as const,
    ...(await overrideKeyword(deps, actorOf(request), request.body)),
  }));

  route(app, api.trackRecord, async (request) => ({
    success: true as const,
    ...(await service.trackRecord(deps, actorOf(request), request.params.id)),
  }));

  route(app, api.getAssessorNotes, async (request) => ({
    success: true as const,
    ...(await service.readAssessorNotes(deps, actorOf(request), request.params.id)),
  }));

  route(app, api.saveAssessorNotes, async (request) => ({
    success: true as const,
    ...(await service.writeAssessorNotes(deps, actorOf(request), request.params.id, request.body)),
  }));

  route(app, api.history, async (request) => ({
    success: true as const,
    ...(await service.assignmentHistory(deps, actorOf(request), request.query.assignment_id)),
  }));
};
