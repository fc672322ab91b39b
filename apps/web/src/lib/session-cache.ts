import type { TLoginResponse, TUserDetailsResponse } from '@sim/shared';
import type { QueryClient } from '@tanstack/react-query';

/*
 * The session query's key and its seeding after sign-in, apart from session.ts: the sign-in page needs
 * these two only, and session.ts brings the user-details contract (and with it zod).
 */

export const sessionKeys = {
  all: ['session'] as const,
  userDetails: () => [...sessionKeys.all, 'user-details'] as const,
};

/** After sign-in: the answer already holds the user and permissions; the count of new notifications follows. */
export function seedSession(queryClient: QueryClient, login: TLoginResponse): void {
  const seeded: TUserDetailsResponse = {
    success: true,
    user: login.user,
    permissions: login.permissions,
    new_notifications: 0,
  };
  queryClient.setQueryData(sessionKeys.userDetails(), seeded);
  void queryClient.invalidateQueries({ queryKey: sessionKeys.userDetails(), refetchType: 'none' });
}
