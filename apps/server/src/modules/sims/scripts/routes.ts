import { AUTHORING_MESSAGES, scriptsApi as api } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { readMultipart } from '../../../lib/multipart';
import { route } from '../../../lib/route';
import { actorOf } from '../../../plugins/access';
import { levelView } from '../levels/service';
import { toScript } from '../shared/shape';
import * as service from './service';
import { gradeTranscription, TRY_OUT_FORM } from './try-out';

/** Scripts: save, keywords, delete, audio generation and the author's Try Test (authoring.md section 7). */
export const scriptRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.save, async (request) => {
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
  });

  route(app, api.keywords, async (request) => ({
    success: true as const,
    message: AUTHORING_MESSAGES.keywordsSaved,
    ...(await service.saveKeywords(deps, actorOf(request), request.body)),
  }));

  route(app, api.delete, async (request) => {
    await service.deleteScript(deps, actorOf(request), request.body);
    return { success: true as const, message: AUTHORING_MESSAGES.scriptDeleted };
  });

  route(app, api.generateVoice, async (request) => ({
    success: true as const,
    message: AUTHORING_MESSAGES.voiceGenerated,
    ...(await service.generateVoice(deps, actorOf(request), request.body)),
  }));

  route(app, api.gradeTranscription, async (request) =>
    gradeTranscription(deps, actorOf(request), await readMultipart(request, TRY_OUT_FORM)),
  );

  route(app, api.missedCorrect, async (request) => ({
    success: true as const,
    ...(await service.missedCorrectKeywords(deps, actorOf(request), request.query.id)),
  }));
};
