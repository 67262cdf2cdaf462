import { userAdminEndpoints } from '@skolportalen/shared/endpoints/user-admin';
import { call } from '@/lib/api-client';
import { useUserMutation } from './user-mutation';

/** `replace` swaps the user's main role for this one (the server refuses a second main role). */
export function changeUserRole(input: {
  userId: number;
  roleId: number;
  add: boolean;
  replace?: boolean;
}) {
  const params = { id: input.userId, roleId: input.roleId };
  return input.add
    ? call(userAdminEndpoints.grantRole, {
        params,
        query: { replace: input.replace ? true : undefined },
      })
    : call(userAdminEndpoints.revokeRole, { params });
}

export const useChangeUserRole = () => useUserMutation(changeUserRole);
