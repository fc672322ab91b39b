import {
  DATA_INPUT_MESSAGES,
  type TLayout,
  ZGetKeywordsResponse,
  ZLayoutFetchResponse,
  ZLayoutQuery,
  ZSaveLayoutsRequest,
  ZSaveLayoutsResponse,
  ZUploadKeywordFields,
  ZUploadKeywordParams,
  ZUploadKeywordResponse,
} from '@sim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Invalid } from '../../../lib/errors';
import { actorOf } from '../../../plugins/access';
import { parseOr400 } from '../shared/request';
import { layoutsOfSim, saveLayouts, uploadLayout } from './service';
import { readLayoutUpload } from './upload';

const M = DATA_INPUT_MESSAGES;
const layoutString = (layouts: TLayout[]) => (layouts.length ? JSON.stringify(layouts) : '');

/** The authoring area: Data Input layouts (authoring.md sections 2, 3 and 7). */
export const simLayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['sim data input'];

  app.post(
    '/api/v1/sims/upload-keyword/:id',
    {
      schema: {
        tags,
        summary:
          "Upload a case or account layout (.xlsx or .csv in the layout template's columns, at most 2 MB; multipart: file, sim_id, type): it replaces the sim's layout of that type",
        params: ZUploadKeywordParams,
        response: { 200: ZUploadKeywordResponse },
      },
    },
    async (request) => {
      const upload = await readLayoutUpload(request);
      const fields = parseOr400(ZUploadKeywordFields, upload.fields);
      const simId = request.params.id;
      if (fields.sim_id && fields.sim_id !== simId) throw Invalid(M.simMismatch, 'sim_id');
      const layout = await uploadLayout(deps, actorOf(request), simId, fields.type, upload.file);
      return { success: true as const, message: M.uploaded, layout };
    },
  );

  app.get(
    '/api/v1/layoutData/fetch',
    {
      schema: {
        tags,
        summary: "The sim's layouts (case, then account); layoutString is their JSON text, '' when there are none",
        querystring: ZLayoutQuery,
        response: { 200: ZLayoutFetchResponse },
      },
    },
    async (request) => {
      const { layouts } = await layoutsOfSim(deps, actorOf(request), request.query.sim_id);
      return { success: true as const, layoutString: layoutString(layouts), layouts };
    },
  );

  app.get(
    '/api/v1/sims/get-keywords',
    {
      schema: {
        tags,
        summary: "The sim's layouts as layoutData/fetch answers them, with the sheet name of the last upload",
        querystring: ZLayoutQuery,
        response: { 200: ZGetKeywordsResponse },
      },
    },
    async (request) => {
      const { layouts, sheetName } = await layoutsOfSim(deps, actorOf(request), request.query.sim_id);
      return { success: true as const, layoutString: layoutString(layouts), layouts, sheet_name: sheetName };
    },
  );

  app.post(
    '/api/v1/layoutData/save',
    {
      schema: {
        tags,
        summary:
          "Save layouts edited on the Data Input screen: each replaces the sim's layout of its type (the template's rules apply)",
        body: ZSaveLayoutsRequest,
        response: { 200: ZSaveLayoutsResponse },
      },
    },
    async (request) => ({
      success: true as const,
      layouts: await saveLayouts(deps, actorOf(request), request.body),
    }),
  );
};
