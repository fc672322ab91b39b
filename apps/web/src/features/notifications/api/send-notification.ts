import { notificationsApi, type TSaveNotificationRequest } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';
import { notificationKeys } from './get-notifications';

/** notification, groups, receipts */
export function sendNotification(body: TSaveNotificationRequest) {
  return apiRequest(notificationsApi.send, { body });
}

export function useSendNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendNotification,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.userDetails() }),
      ]),
  });
}
