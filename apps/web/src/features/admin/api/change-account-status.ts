import { userAdminEndpoints } from '@skolportalen/shared/endpoints/user-admin';
import { call } from '@/lib/api-client';
import { adminKeys } from './admin-keys';
import { useUserMutation } from './user-mutation';

export function disableUser({ id, reason }: { id: number; reason: string }) {
  return call(userAdminEndpoints.disable, {
    params: { id },
    body: { reason },
    throwOnError: true,
  });
}

export function enableUser({ id }: { id: number }) {
  return call(userAdminEndpoints.enable, { params: { id }, throwOnError: true });
}

export const useDisableUser = () => useUserMutation(disableUser, [adminKeys.tokens]);
export const useEnableUser = () => useUserMutation(enableUser);
