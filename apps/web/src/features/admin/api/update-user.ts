import type { UserDetailResponse, UserUpdateRequest } from '@skolportalen/shared';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { useUserMutation } from './user-mutation';

export function updateUser({ id, ...input }: UserUpdateRequest & { id: number }) {
  return apiRequest<UserDetailResponse>(apiPaths.user(id), {
    method: 'PUT',
    body: input,
    throwOnError: true,
  });
}

export const useUpdateUser = () => useUserMutation(updateUser);
