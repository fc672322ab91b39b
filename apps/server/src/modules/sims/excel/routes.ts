import { EXCEL_LEVELS, EXCEL_MESSAGES, LAYOUT_TEMPLATE, ZDownloadTemplateQuery, ZLevel, ZRowId } from '@sim/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../../lib/content-disposition';
import { AppError, Invalid } from '../../../lib/errors';
import { actorOf } from '../../../plugins/access';
import { layoutTemplateFile } from '../layouts/template';
import { readForm } from '../shared/request';
import { exportLevel } from './export';
import { importLevels } from './import';
import { templateFile } from './template';

const M = EXCEL_MESSAGES;

/** The text fields of the upload (authoring.md section 7). levelCount and order are the client's view. */
const ZUploadLevelsFields = z.object({
  sim_id: ZRowId,
  levelCount: z.coerce.number().int().min(0).optional(),
  order: z.coerce.number().int().min(0).optional(),
});
const ZUploadLevelsResponse = z.object({ success: z.literal(true), message: z.string(), levels: z.array(ZLevel) });
const ZExportLevelQuery = z.object({ level_id: ZRowId });

/** The multipart upload: the file field `file` (at most 5 MB, 413 beyond) and the text fields. */
async function readSheetUpload(request: FastifyRequest) {
  const form = await readForm(request, Object.keys(ZUploadLevelsFields.shape), 'file', {
    maxBytes: EXCEL_LEVELS.maxUploadBytes,
    tooLarge: M.fileTooLarge,
    notMultipart: new AppError('UNSUPPORTED_TYPE', M.xlsxOnly),
  });
  if (!form.file) throw Invalid(M.fileMissing, 'file');
  return { filename: form.file.filename, data: form.file.data, fields: form.fields };
}

/** Levels import and export through Excel templates the server serves (DECISIONS.md section 3). */
export const simExcelRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['sim levels'];

  app.get(
    '/api/v1/sims/download-template',
    {
      schema: {
        tags,
        summary:
          "An import template (.xlsx) with an 'Instructions' sheet: kind=levels (the default) the 'Levels' sheet's header row; kind=layout the Data Input layout's 'Layout' sheet with example rows",
        querystring: ZDownloadTemplateQuery,
      },
    },
    async (request, reply) => {
      const layout = request.query.kind === 'layout';
      return reply
        .header('content-type', EXCEL_LEVELS.mimeType)
        .header(
          'content-disposition',
          attachmentDisposition(layout ? LAYOUT_TEMPLATE.templateFileName : EXCEL_LEVELS.templateFileName),
        )
        .send(layout ? await layoutTemplateFile() : await templateFile());
    },
  );

  app.post(
    '/api/v1/sims/upload-levels',
    {
      schema: {
        tags,
        summary:
          'Import levels from the template (.xlsx or .csv, at most 5 MB; multipart: file, sim_id, levelCount, order): added after the existing levels, at most 5 levels (400 otherwise)',
        response: { 200: ZUploadLevelsResponse },
      },
    },
    async (request) => {
      const upload = await readSheetUpload(request);
      const parsed = ZUploadLevelsFields.safeParse(upload.fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw Invalid(issue.message, String(issue.path[0] ?? ''));
      }
      const levels = await importLevels(deps, actorOf(request), parsed.data.sim_id, upload.filename, upload.data);
      return { success: true as const, message: M.uploaded, levels };
    },
  );

  app.get(
    '/api/v1/sims/excel/levels',
    {
      schema: {
        tags,
        summary: "A level as .xlsx in the template's columns (it can be imported again)",
        querystring: ZExportLevelQuery,
      },
    },
    async (request, reply) => {
      const file = await exportLevel(deps, actorOf(request), request.query.level_id);
      return reply
        .header('content-type', EXCEL_LEVELS.mimeType)
        .header('content-disposition', attachmentDisposition(file.fileName))
        .send(file.data);
    },
  );
};
