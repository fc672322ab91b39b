import { layoutsApi as api, DATA_INPUT_MESSAGES, type TLayout, ZUploadKeywordFields } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { Invalid } from '../../../lib/errors';
import { route } from '../../../lib/route';
import { actorOf } from '../../../plugins/access';
import { parseOr400 } from '../shared/request';
import { layoutsOfSim, saveLayouts, uploadLayout } from './service';
import { readLayoutUpload } from './upload';

const M = DATA_INPUT_MESSAGES;
const layoutString = (layouts: TLayout[]) => (layouts.length ? JSON.stringify(layouts) : '');

/** The authoring area: Data Input layouts (authoring.md sections 2, 3 and 7). */
export const simLayoutRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.upload, async (request) => {
    const upload = await readLayoutUpload(request);
    const fields = parseOr400(ZUploadKeywordFields, upload.fields);
    const simId = request.params.id;
    if (fields.sim_id && fields.sim_id !== simId) throw Invalid(M.simMismatch, 'sim_id');
    const layout = await uploadLayout(deps, actorOf(request), simId, fields.type, upload.file);
    return { success: true as const, message: M.uploaded, layout };
  });

  route(app, api.fetch, async (request) => {
    const { layouts } = await layoutsOfSim(deps, actorOf(request), request.query.sim_id);
    return { success: true as const, layoutString: layoutString(layouts), layouts };
  });

  route(app, api.keywords, async (request) => {
    const { layouts, sheetName } = await layoutsOfSim(deps, actorOf(request), request.query.sim_id);
    return { success: true as const, layoutString: layoutString(layouts), layouts, sheet_name: sheetName };
  });

  route(app, api.save, async (request) => ({
    success: true as const,
    layouts: await saveLayouts(deps, actorOf(request), request.body),
  }));
};
