import { roleEndpoints } from '@skolportalen/shared/endpoints/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export function deleteRole(id: number) {
  return call(roleEndpoints.remove, { params: { id } });
}

export function useDeleteRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.roles }),
  });
}
