import { employeesApi, type TAddTempRoleRequest } from '@sim/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { employeeKeys } from './get-employees';

export function addTempRole(userId: string, body: TAddTempRoleRequest) {
  return apiRequest(employeesApi.addTempRole, { query: { user_id: userId }, body });
}

export function deleteTempRole(userId: string, role: string) {
  return apiRequest(employeesApi.deleteTempRole, { query: { user_id: userId }, body: { role } });
}

export function useAddTempRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { userId: string; body: TAddTempRoleRequest }) => addTempRole(vars.userId, vars.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}

export function useDeleteTempRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: { userId: string; role: string }) => deleteTempRole(vars.userId, vars.role),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeeKeys.all }),
  });
}
