import { NOTIFICATION_INBOX_PAGE, notificationsApi, PAGE_SIZE, type TNotificationListQuery } from '@sim/shared';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const notificationKeys = {
  all: ['notifications'] as const,
  list: (params: TNotificationListQuery) => [...notificationKeys.all, 'list', params] as const,
  inbox: () => [...notificationKeys.all, 'inbox'] as const,
};

/** skip, limit, notificationListingPage */
export function getNotifications(params: TNotificationListQuery, signal?: AbortSignal) {
  return apiRequest(notificationsApi.list, { query: params }, { signal });
}

/** A page of a list: 'sent' (the company's sent notifications) or the user's own. */
export function notificationsQueryOptions(params: TNotificationListQuery) {
  return queryOptions({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) => getNotifications(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useNotifications(params: TNotificationListQuery) {
  return useQuery(notificationsQueryOptions(params));
}

/** The bell's list: the user's own notifications, page after page (skip = page × 10). */
export function inboxQueryOptions() {
  return infiniteQueryOptions({
    queryKey: notificationKeys.inbox(),
    queryFn: ({ pageParam, signal }) =>
      getNotifications(
        { skip: pageParam * PAGE_SIZE, limit: PAGE_SIZE, notificationListingPage: NOTIFICATION_INBOX_PAGE },
        signal,
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (pages.length * PAGE_SIZE < last.total ? pages.length : undefined),
    staleTime: 0,
  });
}

export function useInbox(enabled: boolean) {
  return useInfiniteQuery({ ...inboxQueryOptions(), enabled });
}
