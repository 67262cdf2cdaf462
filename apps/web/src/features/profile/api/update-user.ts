import type { UpdateUserRequest } from '@skolportalen/shared';
import { ownDetailsEndpoints } from '@skolportalen/shared/endpoints/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { currentUserKeys } from '@/lib/current-user';

/** POST /user/updateUser answers with the user as now stored; the whole app sees it at once. */
export function updateUser(values: UpdateUserRequest) {
  return call(ownDetailsEndpoints.update, { body: values, throwOnError: true });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => queryClient.setQueryData(currentUserKeys.all, user),
  });
}
