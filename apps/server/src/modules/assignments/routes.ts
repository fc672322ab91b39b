import { assignmentsApi as api, EXCEL_LEVELS, ASSIGNMENT_MESSAGES as M } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { attachmentDisposition } from '../../lib/content-disposition';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/access';
import { exportAssignments } from './excel';
import * as service from './service';

/** The assignments dashboard (learner-and-review.md sections 2 and 7, DECISIONS.md section 6). */
export const assignmentRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.list, async (request) => ({
    success: true as const,
    ...(await service.listTab(deps, actorOf(request), request.query)),
  }));

  route(app, api.count, async (request) => ({
    success: true as const,
    ...(await service.countTabs(deps, actorOf(request))),
  }));

  route(app, api.options, async (request) => ({
    success: true as const,
    ...(await service.assignmentOptions(deps, actorOf(request), request.query.tool)),
  }));

  route(app, api.add, async (request) => ({
    success: true as const,
    message: M.added,
    assignments: await service.addAssignments(deps, actorOf(request), request.body),
  }));

  route(app, api.saveNotes, async (request) => {
    await service.saveNotes(deps, actorOf(request), request.params.id, request.body.assignment_notes);
    return { success: true as const, message: M.notesSaved };
  });

  route(app, api.delete, async (request) => {
    await service.deleteAssignment(deps, actorOf(request), request.params.id);
    return { success: true as const, message: M.deleted };
  });

  route(app, api.status, async (request) => ({
    success: true as const,
    ...(await service.assignmentStatus(deps, actorOf(request), request.params.id)),
  }));

  route(app, api.exportExcel, async (request, reply) => {
    const actor = actorOf(request);
    // a few exports at once, one per person (issue 32)
    const release = await deps.exportGate.enter(actor.userId);
    let file: Awaited<ReturnType<typeof exportAssignments>>;
    try {
      file = await exportAssignments(deps, actor, request.query);
    } finally {
      release();
    }
    return reply
      .header('content-type', EXCEL_LEVELS.mimeType)
      .header('content-disposition', attachmentDisposition(file.fileName))
      .send(file.data);
  });

  route(app, api.userCount, async (request) => ({
    success: true as const,
    ...(await service.userCount(deps, actorOf(request))),
  }));
};
