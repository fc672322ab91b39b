import { classNotesApi as api, EXCEL_LEVELS, CLASS_NOTE_MESSAGES as M } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { attachmentDisposition } from '../../lib/content-disposition';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/access';
import * as service from './service';

/** The notepad's class notes (learner-and-review.md sections 2 and 7). */
export const classNoteRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.list, async (request) => ({
    success: true as const,
    notes: await service.listNotes(deps, actorOf(request)),
  }));

  route(app, api.save, async (request) => ({
    success: true as const,
    message: M.saved,
    note: await service.saveNote(deps, actorOf(request), request.body),
  }));

  route(app, api.delete, async (request) => {
    await service.deleteNote(deps, actorOf(request), request.params.id);
    return { success: true as const, message: M.deleted };
  });

  route(app, api.download, async (request, reply) => {
    const file = await service.downloadNotes(deps, actorOf(request));
    return reply
      .header('content-type', EXCEL_LEVELS.mimeType)
      .header('content-disposition', attachmentDisposition(file.fileName))
      .send(file.data);
  });
};
