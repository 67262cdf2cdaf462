import type { UserDetailResponse } from '@skolportalen/shared';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { useUserMutation } from './user-mutation';

/** `true`/`false` sets the user's own value; `null` leaves it to the roles. */
export function setUserCapability(input: {
  userId: number;
  capability: string;
  value: boolean | null;
}) {
  const url = apiPaths.userCapability(input.userId, input.capability);
  return input.value === null
    ? apiRequest<UserDetailResponse>(url, { method: 'DELETE' })
    : apiRequest<UserDetailResponse>(url, { method: 'POST', body: { value: input.value } });
}

export const useSetUserCapability = () => useUserMutation(setUserCapability);
