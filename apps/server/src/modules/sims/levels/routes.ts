import { AUTHORING_MESSAGES, levelsApi as api } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../lib/route';
import { actorOf } from '../../../plugins/access';
import * as service from './service';

/** Levels: add, rename, delete, the Settings toggles and copying hints (authoring.md section 7). */
export const levelRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.add, async (request) => ({
    success: true as const,
    message: AUTHORING_MESSAGES.levelAdded,
    level: await service.addLevel(deps, actorOf(request), request.body),
  }));

  route(app, api.rename, async (request) => ({
    success: true as const,
    message: AUTHORING_MESSAGES.levelRenamed,
    level: await service.renameLevel(deps, actorOf(request), request.params.id, request.body),
  }));

  route(app, api.delete, async (request) => {
    await service.deleteLevel(deps, actorOf(request), request.body);
    return { success: true as const, message: AUTHORING_MESSAGES.levelDeleted };
  });

  route(app, api.keywordScore, async (request) => {
    const { sim_id, level_id, keyword_score } = request.body;
    const target = { simId: sim_id, levelId: level_id };
    return {
      success: true as const,
      ...(await service.setLevelOption(deps, actorOf(request), target, 'keyword_score', keyword_score)),
    };
  });

  route(app, api.onlyKeywords, async (request) => {
    const { sim_id, level_id, only_keywords } = request.body;
    const target = { simId: sim_id, levelId: level_id };
    return {
      success: true as const,
      ...(await service.setLevelOption(deps, actorOf(request), target, 'only_keywords', only_keywords)),
    };
  });

  route(app, api.sendToSnowfly, async (request) => {
    const { sim_id, level_id, send_to_snowfly } = request.body;
    const target = { simId: sim_id, levelId: level_id };
    return {
      success: true as const,
      ...(await service.setLevelOption(deps, actorOf(request), target, 'send_to_snowfly', send_to_snowfly)),
    };
  });

  route(app, api.screenRecording, async (request) => {
    const { sim_id, levelId, screenRecording } = request.body;
    const target = { simId: sim_id, levelId };
    return {
      success: true as const,
      ...(await service.setLevelOption(deps, actorOf(request), target, 'screenRecording', screenRecording)),
    };
  });

  route(app, api.hintText, async (request) => {
    const { sim_id, level_id, hint_text } = request.body;
    const target = { simId: sim_id, levelId: level_id };
    return {
      success: true as const,
      ...(await service.setLevelOption(deps, actorOf(request), target, 'hint_text', hint_text)),
    };
  });

  route(app, api.realTimeFeedback, async (request) => {
    const actor = actorOf(request);
    const { sim_id, level_id, script_id, real_time_feedback } = request.body;
    const answer = script_id
      ? await service.setScriptRealTimeFeedback(deps, actor, { sim_id, level_id, script_id, real_time_feedback })
      : await service.setLevelOption(
          deps,
          actor,
          { simId: sim_id, levelId: level_id },
          'real_time_feedback',
          real_time_feedback,
        );
    return { success: true as const, ...answer };
  });

  route(app, api.copyHintText, async (request) => ({
    success: true as const,
    message: AUTHORING_MESSAGES.hintsImported,
    updated: await service.copyHintText(deps, actorOf(request), request.body),
  }));
};
