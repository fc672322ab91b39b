import {
  AUTHORING_MESSAGES,
  ZAddLevelRequest,
  ZCopyHintTextRequest,
  ZCopyHintTextResponse,
  ZDeleteLevelRequest,
  ZEditLevelParams,
  ZEditLevelRequest,
  ZKeywordScoreRequest,
  ZLevelHintTextRequest,
  ZLevelResponse,
  ZOnlyKeywordsRequest,
  ZRealTimeFeedbackRequest,
  ZScreenRecordingRequest,
  ZSendToSnowflyRequest,
  ZSimMessageResponse,
} from '@sim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../plugins/access';
import * as service from './service';

/** Levels: add, rename, delete, the Settings toggles and copying hints (authoring.md section 7). */
export const levelRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['sim levels'];
  const levelAnswer = { 200: ZLevelResponse };

  app.post(
    '/api/v1/sims/add-level',
    {
      schema: {
        tags,
        summary: 'Add a level (at most 5 per sim: 422 otherwise); order from 0, last when left out',
        body: ZAddLevelRequest,
        response: levelAnswer,
      },
    },
    async (request) => ({
      success: true as const,
      message: AUTHORING_MESSAGES.levelAdded,
      level: await service.addLevel(deps, actorOf(request), request.body),
    }),
  );

  app.patch(
    '/api/v1/sims/editLevel/:id',
    {
      schema: {
        tags,
        summary: 'Rename a level',
        params: ZEditLevelParams,
        body: ZEditLevelRequest,
        response: levelAnswer,
      },
    },
    async (request) => ({
      success: true as const,
      message: AUTHORING_MESSAGES.levelRenamed,
      level: await service.renameLevel(deps, actorOf(request), request.params.id, request.body),
    }),
  );

  app.post(
    '/api/v1/sims/delete-level',
    {
      schema: {
        tags,
        summary: "Delete a level and its scripts (and the sim's pass/fail criteria when they were on it)",
        body: ZDeleteLevelRequest,
        response: { 200: ZSimMessageResponse },
      },
    },
    async (request) => {
      await service.deleteLevel(deps, actorOf(request), request.body);
      return { success: true as const, message: AUTHORING_MESSAGES.levelDeleted };
    },
  );

  app.post(
    '/api/v1/sims/levels/keyword-score',
    { schema: { tags, summary: 'Keyword score of a level', body: ZKeywordScoreRequest, response: levelAnswer } },
    async (request) => {
      const { sim_id, level_id, keyword_score } = request.body;
      const target = { simId: sim_id, levelId: level_id };
      return {
        success: true as const,
        ...(await service.setLevelOption(deps, actorOf(request), target, 'keyword_score', keyword_score)),
      };
    },
  );

  app.post(
    '/api/v1/sims/levels/only-keywords',
    {
      schema: {
        tags,
        summary: 'Only keywords of a level (the learner sees the keywords, not the line)',
        body: ZOnlyKeywordsRequest,
        response: levelAnswer,
      },
    },
    async (request) => {
      const { sim_id, level_id, only_keywords } = request.body;
      const target = { simId: sim_id, levelId: level_id };
      return {
        success: true as const,
        ...(await service.setLevelOption(deps, actorOf(request), target, 'only_keywords', only_keywords)),
      };
    },
  );

  app.post(
    '/api/v1/sims/send-to-snowfly',
    {
      schema: {
        tags,
        summary: "Send a level's merged audio to the external voice-recording service",
        body: ZSendToSnowflyRequest,
        response: levelAnswer,
      },
    },
    async (request) => {
      const { sim_id, level_id, send_to_snowfly } = request.body;
      const target = { simId: sim_id, levelId: level_id };
      return {
        success: true as const,
        ...(await service.setLevelOption(deps, actorOf(request), target, 'send_to_snowfly', send_to_snowfly)),
      };
    },
  );

  app.post(
    '/api/v1/sims/toggle-screen-recording-switch',
    {
      schema: {
        tags,
        summary: 'Screen recording of a level (levelId, screenRecording)',
        body: ZScreenRecordingRequest,
        response: levelAnswer,
      },
    },
    async (request) => {
      const { sim_id, levelId, screenRecording } = request.body;
      const target = { simId: sim_id, levelId };
      return {
        success: true as const,
        ...(await service.setLevelOption(deps, actorOf(request), target, 'screenRecording', screenRecording)),
      };
    },
  );

  app.post(
    '/api/v1/sims/scripts/hint-text',
    {
      schema: {
        tags,
        summary: 'Hint text of a level (the learner sees the hints of its scripts)',
        body: ZLevelHintTextRequest,
        response: levelAnswer,
      },
    },
    async (request) => {
      const { sim_id, level_id, hint_text } = request.body;
      const target = { simId: sim_id, levelId: level_id };
      return {
        success: true as const,
        ...(await service.setLevelOption(deps, actorOf(request), target, 'hint_text', hint_text)),
      };
    },
  );

  app.post(
    '/api/v1/sims/scripts/real-time-feedback',
    {
      schema: {
        tags,
        summary: 'Real-time feedback of a level and all its scripts, or of one script with script_id',
        body: ZRealTimeFeedbackRequest,
        response: levelAnswer,
      },
    },
    async (request) => {
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
    },
  );

  app.post(
    '/api/v1/sims/copy-hint-text',
    {
      schema: {
        tags,
        summary: "Copy the hint texts of a level's scripts to the same lines of another level",
        body: ZCopyHintTextRequest,
        response: { 200: ZCopyHintTextResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: AUTHORING_MESSAGES.hintsImported,
      updated: await service.copyHintText(deps, actorOf(request), request.body),
    }),
  );
};
