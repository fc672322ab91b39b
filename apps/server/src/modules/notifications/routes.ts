import { ADMIN_TEXTS, notificationsApi as api } from '@sim/shared';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../lib/route';
import { actorOf } from '../../plugins/access';
import * as service from './service';

/** Notifications: send to groups or members, the sent list, the bell's list, mark read. */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  const deps = app.deps;

  route(app, api.send, async (request) => ({
    success: true as const,
    message: ADMIN_TEXTS.notificationSent,
    notification: await service.sendNotification(deps, actorOf(request), request.body),
  }));

  route(app, api.list, async (request) => ({
    success: true as const,
    ...(await service.listNotifications(deps, actorOf(request), request.query)),
  }));

  route(app, api.markRead, async (request) => ({
    success: true as const,
    new_notifications: await service.markRead(deps, actorOf(request), request.body),
  }));
};
