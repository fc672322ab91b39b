import {
  ADMIN_TEXTS,
  ZNotificationListQuery,
  ZNotificationListResponse,
  ZNotificationReadRequest,
  ZNotificationReadResponse,
  ZSaveNotificationRequest,
  ZSaveNotificationResponse,
} from '@sim/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/access';
import * as service from './service';

/** Notifications: send to groups or members, the sent list, the bell's list, mark read. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.deps;
  const tags = ['notifications'];

  app.post(
    '/api/v1/users/save-notification',
    {
      schema: {
        tags,
        summary: 'Send a notification to the members of groups and/or to users (receipts) of your company',
        body: ZSaveNotificationRequest,
        response: { 200: ZSaveNotificationResponse },
      },
    },
    async (request) => ({
      success: true as const,
      message: ADMIN_TEXTS.notificationSent,
      notification: await service.sendNotification(deps, actorOf(request), request.body),
    }),
  );

  app.get(
    '/api/v1/users/notification-listing',
    {
      schema: {
        tags,
        summary:
          "notificationListingPage=sent: the company's sent notifications (notifications view); otherwise the caller's own, newest first",
        querystring: ZNotificationListQuery,
        response: { 200: ZNotificationListResponse },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.listNotifications(deps, actorOf(request), request.query)),
    }),
  );

  app.post(
    '/api/v1/users/notification-read',
    {
      schema: {
        tags,
        summary: "Mark the caller's notifications read (all: every new one); answers the new count",
        body: ZNotificationReadRequest,
        response: { 200: ZNotificationReadResponse },
      },
    },
    async (request) => ({
      success: true as const,
      new_notifications: await service.markRead(deps, actorOf(request), request.body),
    }),
  );
};
