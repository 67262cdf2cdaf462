import type { CapabilityState, RoleResponse } from '@skolportalen/shared';
import { roleEndpoints } from '@skolportalen/shared/endpoints/roles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { currentUserKeys } from '@/lib/current-user';
import { adminKeys } from './admin-keys';

export interface RoleCapabilityChange {
  roleId: number;
  capability: string;
  state: CapabilityState;
}

/** Granted and denied are set with a value; missing removes the role's value. */
export function setRoleCapability({ roleId, capability, state }: RoleCapabilityChange) {
  const params = { id: roleId, cap: capability };
  return state === 'missing'
    ? call(roleEndpoints.removeCapability, { params })
    : call(roleEndpoints.setCapability, { params, body: { value: state === 'granted' } });
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
