import { userAdminEndpoints } from '@skolportalen/shared/endpoints/user-admin';
import { call } from '@/lib/api-client';
import { useUserMutation } from './user-mutation';

export function changeUserCategory(input: { userId: number; categoryId: number; add: boolean }) {
  const params = { id: input.userId, catId: input.categoryId };
  return call(input.add ? userAdminEndpoints.linkCategory : userAdminEndpoints.unlinkCategory, {
    params,
  });
}

export const useChangeUserCategory = () => useUserMutation(changeUserCategory);
