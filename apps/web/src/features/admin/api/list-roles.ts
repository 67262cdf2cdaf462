import type { CapabilityResponse, RoleResponse } from '@skolportalen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiList } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { adminKeys } from './admin-keys';

/** Every role with its rights (the caller holds role_list). */
export function useRoles() {
  return useQuery({
    queryKey: adminKeys.roles,
    queryFn: async ({ signal }) =>
      (await apiList<RoleResponse>(apiPaths.roles(), { signal })).items,
  });
}

/** The whole rights catalogue with groups and Swedish labels. */
export function useCapabilities() {
  return useQuery({
    queryKey: adminKeys.capabilities,
    queryFn: async ({ signal }) =>
      (await apiList<CapabilityResponse>(apiPaths.capabilities(), { signal })).items,
    staleTime: Infinity,
  });
}
