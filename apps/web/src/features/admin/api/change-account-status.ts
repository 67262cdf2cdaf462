import type { UserDetailResponse } from '@skolportalen/shared';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { adminKeys } from './admin-keys';
import { useUserMutation } from './user-mutation';

export function disableUser({ id, reason }: { id: number; reason: string }) {
  return apiRequest<UserDetailResponse>(apiPaths.userDisable(id), {
    method: 'POST',
    body: { reason },
    throwOnError: true,
  });
}

export function enableUser({ id }: { id: number }) {
  return apiRequest<UserDetailResponse>(apiPaths.userEnable(id), {
    method: 'POST',
    throwOnError: true,
  });
}

export const useDisableUser = () => useUserMutation(disableUser, [adminKeys.tokens]);
export const useEnableUser = () => useUserMutation(enableUser);
