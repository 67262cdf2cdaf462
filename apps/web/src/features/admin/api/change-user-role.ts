import type { UserDetailResponse } from '@skolportalen/shared';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { useUserMutation } from './user-mutation';

/** `replace` swaps the user's main role for this one (the server refuses a second main role). */
export function changeUserRole(input: {
  userId: number;
  roleId: number;
  add: boolean;
  replace?: boolean;
}) {
  return apiRequest<UserDetailResponse>(
    apiPaths.userRole(input.userId, input.roleId, { replace: input.add && input.replace }),
    { method: input.add ? 'POST' : 'DELETE' },
  );
}

export const useChangeUserRole = () => useUserMutation(changeUserRole);
