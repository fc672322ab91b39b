import { EXCEL_LEVELS, simsApi } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { attachmentDisposition } from '../../../lib/content-disposition';
import { route } from '../../../lib/route';
import { actorOf } from '../../../plugins/access';
import { exportSimList } from './list-export';

/** The EXPORT button of the sim list. */
export const simListExportRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  route(app, simsApi.exportList, async (request, reply) => {
    const file = await exportSimList(deps, actorOf(request), request.query);
    return reply
      .header('content-type', EXCEL_LEVELS.mimeType)
      .header('content-disposition', attachmentDisposition(file.fileName))
      .send(file.data);
  });
};
