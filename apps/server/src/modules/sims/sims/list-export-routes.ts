import { EXCEL_LEVELS, ZSimListExportQuery } from '@sim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentDisposition } from '../../../lib/content-disposition';
import { actorOf } from '../../../plugins/access';
import { exportSimList } from './list-export';

/** GET /api/v1/sims/excel/list: the EXPORT button of the sim list. */
export const simListExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  app.get(
    '/api/v1/sims/excel/list',
    {
      schema: {
        tags: ['sims'],
        summary:
          'The sim list (view sims or trash, with the search, product filter and sort of the list) as .xlsx, every page',
        querystring: ZSimListExportQuery,
      },
    },
    async (request, reply) => {
      const file = await exportSimList(deps, actorOf(request), request.query);
      return reply
        .header('content-type', EXCEL_LEVELS.mimeType)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .send(file.data);
    },
  );
};
