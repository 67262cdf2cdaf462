import type { UserUpdateRequest } from '@skolportalen/shared';
import { userAdminEndpoints } from '@skolportalen/shared/endpoints/user-admin';
import { call } from '@/lib/api-client';
import { useUserMutation } from './user-mutation';

export function updateUser({ id, ...input }: UserUpdateRequest & { id: number }) {
  return call(userAdminEndpoints.update, { params: { id }, body: input, throwOnError: true });
}

export const useUpdateUser = () => useUserMutation(updateUser);
