import { defineRoute } from '../contract/define';
import {
  ZNotificationListQuery,
  ZNotificationListResponse,
  ZNotificationReadRequest,
  ZNotificationReadResponse,
  ZSaveNotificationRequest,
  ZSaveNotificationResponse,
} from '../schemas/notifications';
import { requires } from './access';

const tags = ['notifications'];

/** Notifications: send to groups or members, the sent list, the bell's list, mark read. */
export const notificationsApi = {
  send: defineRoute({
    method: 'POST',
    url: '/api/v1/users/save-notification',
    access: requires('notifications', 'create'),
    tags,
    summary: 'Send a notification to the members of groups and/or to users (receipts) of your company',
    body: ZSaveNotificationRequest,
    response: ZSaveNotificationResponse,
  }),
  list: defineRoute({
    method: 'GET',
    url: '/api/v1/users/notification-listing',
    access: 'signedIn',
    tags,
    summary:
      "notificationListingPage=sent: the company's sent notifications (notifications view); otherwise the caller's own, newest first",
    query: ZNotificationListQuery,
    response: ZNotificationListResponse,
  }),
  markRead: defineRoute({
    method: 'POST',
    url: '/api/v1/users/notification-read',
    access: 'signedIn',
    tags,
    summary: "Mark the caller's notifications read (all: every new one); answers the new count",
    body: ZNotificationReadRequest,
    response: ZNotificationReadResponse,
  }),
};
