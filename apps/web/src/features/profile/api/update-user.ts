import type { CurrentUserResponse, UpdateUserRequest } from '@skolportalen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { currentUserKeys } from '@/lib/current-user';
import { apiPaths } from '@/lib/paths';

/** POST /user/updateUser answers with the user as now stored; the whole app sees it at once. */
export function updateUser(values: UpdateUserRequest) {
  return apiRequest<CurrentUserResponse>(apiPaths.updateUser(), {
    method: 'POST',
    body: values,
    throwOnError: true,
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => queryClient.setQueryData(currentUserKeys.all, user),
  });
}
