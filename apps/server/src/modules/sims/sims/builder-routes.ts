import { AUTHORING_MESSAGES, simsApi as api, ZBasicInfoData } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../../lib/route';
import { actorOf } from '../../../plugins/access';
import { parseOr400, readDataField } from '../shared/request';
import { saveBasicInfo, savedSim, setActiveStep, updateCharacters } from './builder';
import { duplicateSim } from './duplicate';

/** The builder wizard's Basic Information and Select Avatars steps, the step kept on the sim, Duplicate Sim. */
export const simBuilderRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  // multipart with a `data` field (or a JSON body): lib/multipart reads it
  route(app, api.basicInfo, async (request) => {
    const actor = actorOf(request);
    const data = parseOr400(ZBasicInfoData, await readDataField(request));
    const simId = await saveBasicInfo(deps, actor, data);
    return {
      success: true as const,
      message: AUTHORING_MESSAGES.simSaved,
      sim_id: simId,
      _id: simId,
      sim: await savedSim(deps, actor, simId),
    };
  });

  route(app, api.updateCharacters, async (request) => ({
    success: true as const,
    message: AUTHORING_MESSAGES.charactersSaved,
    sim_characters: await updateCharacters(deps, actorOf(request), request.body),
  }));

  route(app, api.activeStep, async (request) => ({
    success: true as const,
    message: AUTHORING_MESSAGES.stepSaved,
    activeStep: await setActiveStep(deps, actorOf(request), request.body.sim_id, request.body.activeStep),
  }));

  route(app, api.duplicate, async (request) => {
    const actor = actorOf(request);
    const simId = await duplicateSim(deps, actor, request.body.simId);
    return {
      success: true as const,
      message: AUTHORING_MESSAGES.duplicated,
      sim_id: simId,
      sim: await savedSim(deps, actor, simId),
    };
  });
};
