import { roleEndpoints } from '@skolportalen/shared/endpoints/roles';
import { useQuery } from '@tanstack/react-query';
import { callList } from '@/lib/api-client';
import { adminKeys } from './admin-keys';

/** Every role with its rights (the caller holds role_list). */
export function useRoles() {
  return useQuery({
    queryKey: adminKeys.roles,
    queryFn: async ({ signal }) => (await callList(roleEndpoints.list, { signal })).items,
  });
}

/** The whole rights catalogue with groups and Swedish labels. */
export function useCapabilities() {
  return useQuery({
    queryKey: adminKeys.capabilities,
    queryFn: async ({ signal }) => (await callList(roleEndpoints.capabilities, { signal })).items,
    staleTime: Infinity,
  });
}
