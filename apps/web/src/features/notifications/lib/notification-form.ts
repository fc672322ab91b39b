import { ADMIN_TEXTS, type TSaveNotificationRequest } from '@sim/shared';

/** Recipients are groups or members, one or the other, toggled by a link. */
export type RecipientMode = 'groups' | 'members';

export interface NotificationFormValues {
  message: string;
  mode: RecipientMode;
  groupIds: string[];
  memberIds: string[];
}

export const EMPTY_NOTIFICATION: NotificationFormValues = { message: '', mode: 'groups', groupIds: [], memberIds: [] };

export interface NotificationFormErrors {
  message?: string;
  recipients?: string;
}

/** Sending needs a message and at least one group or member (spec section 5). */
export function validateNotification(values: NotificationFormValues): NotificationFormErrors {
  const errors: NotificationFormErrors = {};
  if (!values.message.trim()) errors.message = ADMIN_TEXTS.notificationMessageRequired;
  const chosen = values.mode === 'groups' ? values.groupIds : values.memberIds;
  if (chosen.length === 0) errors.recipients = ADMIN_TEXTS.notificationRecipientsRequired;
  return errors;
}

export const isValid = (errors: NotificationFormErrors) => !errors.message && !errors.recipients;

export function switchMode(values: NotificationFormValues): NotificationFormValues {
  return { ...values, mode: values.mode === 'groups' ? 'members' : 'groups' };
}

/** The body of save-notification: only the recipients of the chosen mode are sent. */
export function notificationPayload(values: NotificationFormValues): TSaveNotificationRequest {
  return {
    notification: values.message.trim(),
    groups: values.mode === 'groups' ? values.groupIds : [],
    receipts: values.mode === 'members' ? values.memberIds : [],
  };
}
