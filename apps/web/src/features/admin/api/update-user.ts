import type { BodyOf } from '@skolportalen/shared/endpoints/endpoint';
import { userAdminEndpoints } from '@skolportalen/shared/endpoints/user-admin';
import { call } from '@/lib/api-client';
import { useUserMutation } from './user-mutation';

/** Name and e-mail, the security marking with its reason, or both. */
export function updateUser({
  id,
  ...input
}: BodyOf<typeof userAdminEndpoints.update> & { id: number }) {
  return call(userAdminEndpoints.update, { params: { id }, body: input, throwOnError: true });
}

export const useUpdateUser = () => useUserMutation(updateUser);
