import type { RoleCreateRequest } from '@skolportalen/shared';
import { roleEndpoints } from '@skolportalen/shared/endpoints/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

export function createRole(input: RoleCreateRequest) {
  return call(roleEndpoints.create, { body: input, throwOnError: true });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.roles }),
  });
}
