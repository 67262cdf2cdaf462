import type { UserDetailResponse } from '@skolportalen/shared';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { useUserMutation } from './user-mutation';

export function changeUserCategory(input: { userId: number; categoryId: number; add: boolean }) {
  return apiRequest<UserDetailResponse>(apiPaths.userCategory(input.userId, input.categoryId), {
    method: input.add ? 'POST' : 'DELETE',
  });
}

export const useChangeUserCategory = () => useUserMutation(changeUserCategory);
