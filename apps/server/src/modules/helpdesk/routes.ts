import type { Readable } from 'node:stream';
import { helpdeskApi as api, HELPDESK_MESSAGES as M } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../lib/errors';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/access';
import * as service from './service';

/** The signed PUT of an attachment: its body is the raw file, streamed (any content type). */
const presignedPutRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  route(app, api.presignedPut, async (request, reply) => {
    const length = Number(request.headers['content-length']);
    try {
      const stored = await service.receivePut(deps, request.actor, {
        ...request.params,
        contentLength: Number.isFinite(length) ? length : undefined,
        body: (request.body as Readable | undefined) ?? request.raw,
      });
      return { success: true as const, ...stored };
    } catch (err) {
      // the rest of the body may not have been read: close the connection after the answer
      if (err instanceof AppError && [409, 413, 429].includes(err.status)) reply.header('connection', 'close');
      throw err;
    }
  });
};

/** The help-desk calls (administration-and-support.md section 7). */
export const helpdeskRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  await app.register(presignedPutRoutes);

  route(app, api.list, async (request) => ({
    success: true as const,
    ...(await service.listTicketPage(deps, actorOf(request), request.query, request.body)),
  }));

  route(app, api.get, async (request) => ({
    success: true as const,
    ticket: await service.ticketDetail(deps, actorOf(request), request.params.id),
  }));

  route(app, api.add, async (request) => ({
    success: true as const,
    message: M.created,
    ticket: await service.createTicket(deps, actorOf(request), request.body),
  }));

  route(app, api.addEntry, async (request) => ({
    success: true as const,
    ...(await service.addEntry(deps, actorOf(request), request.body)),
  }));

  route(app, api.close, async (request) => ({
    success: true as const,
    ...(await service.closeTicket(deps, actorOf(request), request.body)),
  }));

  route(app, api.assign, async (request) => ({
    success: true as const,
    ...(await service.assignTicket(deps, actorOf(request), request.body)),
  }));

  route(app, api.assignees, async (request) => ({
    success: true as const,
    users: await service.assignees(deps, actorOf(request)),
  }));

  route(app, api.delete, async (request) => {
    await service.deleteTicket(deps, actorOf(request), request.body.ticket_id);
    return { success: true as const, message: M.deleted };
  });

  route(app, api.addAttachment, async (request) => ({
    success: true as const,
    ...(await service.addAttachment(deps, actorOf(request), request.body)),
  }));

  route(app, api.deleteAttachment, async (request) => {
    await service.deleteAttachment(deps, actorOf(request), request.body);
    return { success: true as const, message: M.attachmentRemoved };
  });

  route(app, api.presignedUrl, async (request) => ({
    success: true as const,
    ...(await service.presignedUrl(deps, actorOf(request), request.query)),
  }));
};
