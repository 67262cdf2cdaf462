import type { CapabilityState, RoleResponse } from '@skolportalen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { currentUserKeys } from '@/lib/current-user';
import { apiPaths } from '@/lib/paths';
import { adminKeys } from './admin-keys';

export interface RoleCapabilityChange {
  roleId: number;
  capability: string;
  state: CapabilityState;
}

/** Granted and denied are set with a value; missing removes the role's value. */
export function setRoleCapability({ roleId, capability, state }: RoleCapabilityChange) {
  const url = apiPaths.roleCapability(roleId, capability);
  return state === 'missing'
    ? apiRequest<RoleResponse>(url, { method: 'DELETE' })
    : apiRequest<RoleResponse>(url, { method: 'POST', body: { value: state === 'granted' } });
}

export function useSetRoleCapability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRoleCapability,
    onSuccess: (role) => {
      queryClient.setQueryData<RoleResponse[]>(adminKeys.roles, (roles) =>
        roles?.map((existing) => (existing.id === role.id ? role : existing)),
      );
      // The administrator's own rights may have changed with their role's.
      void queryClient.invalidateQueries({ queryKey: currentUserKeys.all });
    },
  });
}
