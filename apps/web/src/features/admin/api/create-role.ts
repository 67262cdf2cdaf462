import type { RoleCreateRequest, RoleResponse } from '@skolportalen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { adminKeys } from './admin-keys';

export function createRole(input: RoleCreateRequest) {
  return apiRequest<RoleResponse>(apiPaths.roles(), {
    method: 'POST',
    body: input,
    throwOnError: true,
  });
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.roles }),
  });
}
