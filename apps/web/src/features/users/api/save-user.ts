import { employeesApi, type TCreateUserRequest } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session';
import { userKeys } from './get-user-info';

/** With `_id` it is an update. */
export function saveUser(body: TCreateUserRequest) {
  return apiRequest(employeesApi.saveUser, { body });
}

export function useSaveUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUser,
    onSuccess: async () => {
      // the employee list and pickers of the admin screens, and my own session if I edited myself
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['employees'] }),
        queryClient.invalidateQueries({ queryKey: ['pickers'] }),
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
      ]);
    },
  });
}
