import { simExcelApi as api, EXCEL_LEVELS, EXCEL_MESSAGES, LAYOUT_TEMPLATE, ZUploadLevelsFields } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { attachmentDisposition } from '../../../lib/content-disposition';
import { Invalid } from '../../../lib/errors';
import { readMultipart } from '../../../lib/multipart';
import { route } from '../../../lib/route';
import { actorOf } from '../../../plugins/access';
import { layoutTemplateFile } from '../layouts/template';
import { exportLevel } from './export';
import { importLevels } from './import';
import { templateFile } from './template';

const M = EXCEL_MESSAGES;

/** Levels import and export through Excel templates the server serves (DECISIONS.md section 3). */
export const simExcelRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.downloadTemplate, async (request, reply) => {
    const layout = request.query.kind === 'layout';
    return reply
      .header('content-type', EXCEL_LEVELS.mimeType)
      .header(
        'content-disposition',
        attachmentDisposition(layout ? LAYOUT_TEMPLATE.templateFileName : EXCEL_LEVELS.templateFileName),
      )
      .send(layout ? await layoutTemplateFile() : await templateFile());
  });

  route(app, api.uploadLevels, async (request) => {
    // the file field `file` (at most 5 MB, 413 beyond) and the text fields
    const upload = await readMultipart(request, {
      file: { field: 'file', maxBytes: EXCEL_LEVELS.maxUploadBytes, tooLarge: M.fileTooLarge, missing: M.fileMissing },
      fields: Object.keys(ZUploadLevelsFields.shape) as (keyof typeof ZUploadLevelsFields.shape)[],
      notMultipart: M.xlsxOnly,
    });
    const parsed = ZUploadLevelsFields.safeParse(upload.fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw Invalid(issue.message, String(issue.path[0] ?? ''));
    }
    const file = upload.file;
    const levels = await importLevels(deps, actorOf(request), parsed.data.sim_id, file.filename, file.bytes);
    return { success: true as const, message: M.uploaded, levels };
  });

  route(app, api.exportLevel, async (request, reply) => {
    const file = await exportLevel(deps, actorOf(request), request.query.level_id);
    return reply
      .header('content-type', EXCEL_LEVELS.mimeType)
      .header('content-disposition', attachmentDisposition(file.fileName))
      .send(file.data);
  });
};
