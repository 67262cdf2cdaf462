import { userAdminEndpoints } from '@skolportalen/shared/endpoints/user-admin';
import { call } from '@/lib/api-client';
import { useUserMutation } from './user-mutation';

/** `true`/`false` sets the user's own value; `null` leaves it to the roles. */
export function setUserCapability(input: {
  userId: number;
  capability: string;
  value: boolean | null;
}) {
  const params = { id: input.userId, cap: input.capability };
  return input.value === null
    ? call(userAdminEndpoints.removeCapability, { params })
    : call(userAdminEndpoints.setCapability, { params, body: { value: input.value } });
}

export const useSetUserCapability = () => useUserMutation(setUserCapability);
