import { z } from 'zod';
import { ADMIN_LIMITS, ADMIN_TEXTS } from '../constants';
import { ZPaging, ZPersonRef, ZRecordIds, ZSortOrder } from './groups';

// POST /api/v1/users/save-notification {notification, groups, receipts}
export const ZSaveNotificationRequest = z
  .object({
    notification: z
      .string({ message: ADMIN_TEXTS.notificationMessageRequired })
      .trim()
      .min(1, ADMIN_TEXTS.notificationMessageRequired)
      .max(ADMIN_LIMITS.notificationMax),
    groups: ZRecordIds.default([]),
    receipts: ZRecordIds.default([]),
  })
  .refine((v) => v.groups.length + v.receipts.length > 0, {
    message: ADMIN_TEXTS.notificationRecipientsRequired,
    path: ['groups'],
  });
export type TSaveNotificationRequest = z.input<typeof ZSaveNotificationRequest>;
export const ZSaveNotificationResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  notification: z.object({ _id: z.string(), recipients_count: z.number().int() }),
});

/**
 * notificationListingPage: 'sent' = the notifications sent in the caller's company (the admin tab; needs
 * notifications view); any other value or none = the caller's own notifications (the bell).
 */
export const NOTIFICATION_SENT_PAGE = 'sent';
export const NOTIFICATION_INBOX_PAGE = 'inbox';
export const ZNotificationListQuery = ZPaging.extend({
  notificationListingPage: z.string().trim().max(50).optional(),
  order: ZSortOrder.default('desc'),
});
export type TNotificationListQuery = Partial<z.output<typeof ZNotificationListQuery>>;
export const ZNotificationItem = z.object({
  _id: z.string(),
  message: z.string(),
  /** not in the spec (issue 31): where the notification leads (a path of the app), null for a message alone */
  link: z.string().nullable().optional(),
  isNew: z.boolean(),
  created_date: z.string(),
  created_by: ZPersonRef.nullable(),
  recipients_count: z.number().int(),
});
export type TNotificationItem = z.infer<typeof ZNotificationItem>;
export const ZNotificationListResponse = z.object({
  success: z.literal(true),
  notifList: z.array(ZNotificationItem),
  total: z.number(),
});
export type TNotificationListResponse = z.infer<typeof ZNotificationListResponse>;

// POST /api/v1/users/notification-read {notificationIds} (all: every new notification of the caller)
export const ZNotificationReadRequest = z.object({
  notificationIds: ZRecordIds.default([]),
  all: z.boolean().optional(),
});
export type TNotificationReadRequest = z.input<typeof ZNotificationReadRequest>;
export const ZNotificationReadResponse = z.object({ success: z.literal(true), new_notifications: z.number().int() });
