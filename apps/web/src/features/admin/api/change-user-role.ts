import type { UserDetailResponse } from '@skolportalen/shared';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { useUserMutation } from './user-mutation';

export function changeUserRole(input: { userId: number; roleId: number; add: boolean }) {
  return apiRequest<UserDetailResponse>(apiPaths.userRole(input.userId, input.roleId), {
    method: input.add ? 'POST' : 'DELETE',
  });
}

export const useChangeUserRole = () => useUserMutation(changeUserRole);
