import { notificationsApi, type TNotificationReadRequest, type TUserDetailsResponse } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';

/** notificationIds (all: every new one); answers the new count. */
export function markNotificationsRead(body: TNotificationReadRequest) {
  return apiRequest(notificationsApi.markRead, { body });
}

/** Marks read and puts the new count (0 after opening the bell) straight into the session. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (res) =>
      queryClient.setQueryData<TUserDetailsResponse>(sessionKeys.userDetails(), (old) =>
        old ? { ...old, new_notifications: res.new_notifications } : old,
      ),
  });
}
