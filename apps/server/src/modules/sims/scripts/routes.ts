import {
  AUTHORING_MESSAGES,
  ZDeleteScriptRequest,
  ZGenerateVoiceRequest,
  ZGenerateVoiceResponse,
  ZGradeTranscriptionResponse,
  ZMissedCorrectQuery,
  ZMissedCorrectResponse,
  ZSaveKeywordsRequest,
  ZSaveKeywordsResponse,
  ZSaveScriptRequest,
  ZSaveScriptResponse,
  ZSimMessageResponse,
} from '@sim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../plugins/access';
import { levelView } from '../levels/service';
import { toScript } from '../shared/shape';
import * as service from './service';
import { gradeTryOut } from './try-out';

/** Scripts: save, keywords, delete, audio generation and the author's Try Test (authoring.md section 7). */
export const scriptRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['sim scripts'];

  app.post(
    '/api/v1/sims/scripts',
    {
      schema: {
        tags,
        summary:
          'Create a script (no _id) or update it; is_level creates its level when sim_level_id is missing. At most 200 scripts per level (422)',
        body: ZSaveScriptRequest,
        response: { 200: ZSaveScriptResponse },
      },
    },
    async (request) => {
      const simId = request.body.sim_id;
      const { scriptId, levelId } = await service.saveScript(deps, actorOf(request), request.body);
      const saved = await service.scriptView(deps, simId, scriptId);
      return {
        success: true as const,
        message: AUTHORING_MESSAGES.scriptSaved,
        sim_script_id: scriptId,
        sim_level_id: levelId,
        script: toScript(deps, saved.script, saved.character),
        level: await levelView(deps.db, simId, levelId),
      };
    },
  );

  app.post(
    '/api/v1/sims/keywords',
    {
      schema: {
        tags,
        summary: "Save a script's keywords (split on commas, unique, one operator & or | per keyword)",
        body: ZSaveKeywordsRequest,
        response: { 200: ZSaveKeywordsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: AUTHORING_MESSAGES.keywordsSaved,
      ...(await service.saveKeywords(deps, actorOf(request), request.body)),
    }),
  );

  app.post(
    '/api/v1/sims/delete-script',
    {
      schema: {
        tags,
        summary: "Delete a script; the level's scripts are numbered from 1 again",
        body: ZDeleteScriptRequest,
        response: { 200: ZSimMessageResponse },
      },
    },
    async (request) => {
      await service.deleteScript(deps, actorOf(request), request.body);
      return { success: true as const, message: AUTHORING_MESSAGES.scriptDeleted };
    },
  );

  app.post(
    '/api/v1/sims/generate-voice',
    {
      schema: {
        tags,
        summary: "Generate a script's audio (MP3) in a voice; answers a signed, expiring audio_url",
        body: ZGenerateVoiceRequest,
        response: { 200: ZGenerateVoiceResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: AUTHORING_MESSAGES.voiceGenerated,
      ...(await service.generateVoice(deps, actorOf(request), request.body)),
    }),
  );

  app.post(
    '/api/v1/sims/grade-transcription',
    {
      schema: {
        tags,
        summary:
          'Try Test: multipart sim_level_user_response=1, script_id, audio_blob (or transcribed_text); transcribes and grades the line',
        consumes: ['multipart/form-data'],
        response: { 200: ZGradeTranscriptionResponse },
      },
    },
    async (request) => gradeTryOut(deps, actorOf(request), request),
  );

  app.get(
    '/api/v1/sims/get-missed-correct-keywords',
    {
      schema: {
        tags,
        summary: "The correct and missed keywords of a script's last Try Test",
        querystring: ZMissedCorrectQuery,
        response: { 200: ZMissedCorrectResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.missedCorrectKeywords(deps, actorOf(request), request.query.id)),
    }),
  );
};
