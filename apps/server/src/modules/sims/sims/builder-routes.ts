import {
  AUTHORING_MESSAGES,
  ZActiveStepRequest,
  ZActiveStepResponse,
  ZBasicInfoData,
  ZBasicInfoResponse,
  ZDuplicateSimRequest,
  ZDuplicateSimResponse,
  ZUpdateCharactersRequest,
  ZUpdateCharactersResponse,
} from '@sim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../../plugins/access';
import { parseOr400, readDataField } from '../shared/request';
import { saveBasicInfo, savedSim, setActiveStep, updateCharacters } from './builder';
import { duplicateSim } from './duplicate';

/** The builder wizard's Basic Information and Select Avatars steps, the step kept on the sim, Duplicate Sim. */
export const simBuilderRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['sims'];

  app.post(
    '/api/v1/sims/basicInfo',
    {
      schema: {
        tags,
        summary:
          'Create a sim (no _id; sim_list create) or update it (sim_list update). Multipart with one field `data` holding the JSON (a JSON body is accepted too)',
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: ZBasicInfoResponse },
      },
    },
    async (request) => {
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
    },
  );

  app.patch(
    '/api/v1/sims/avatars/update-details',
    {
      schema: {
        tags,
        summary: 'Save the four characters (name, voice, avatar and masked type of each type)',
        body: ZUpdateCharactersRequest,
        response: { 200: ZUpdateCharactersResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: AUTHORING_MESSAGES.charactersSaved,
      sim_characters: await updateCharacters(deps, actorOf(request), request.body),
    }),
  );

  app.patch(
    '/api/v1/sims/active-step',
    {
      schema: {
        tags,
        summary: 'Keep the wizard step (activeStep 0 to 3) on the sim',
        body: ZActiveStepRequest,
        response: { 200: ZActiveStepResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: AUTHORING_MESSAGES.stepSaved,
      activeStep: await setActiveStep(deps, actorOf(request), request.body.sim_id, request.body.activeStep),
    }),
  );

  app.post(
    '/api/v1/sims/duplicate-sim',
    {
      schema: {
        tags,
        summary: 'Copy a sim with its characters, levels, scripts and criteria',
        body: ZDuplicateSimRequest,
        response: { 200: ZDuplicateSimResponse },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const simId = await duplicateSim(deps, actor, request.body.simId);
      return {
        success: true as const,
        message: AUTHORING_MESSAGES.duplicated,
        sim_id: simId,
        sim: await savedSim(deps, actor, simId),
      };
    },
  );
};
