import type { UserDetailResponse } from '@skolportalen/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from './admin-keys';

/**
 * Every change to a user answers with the user as they now are: the detail is
 * replaced in the cache and the list refreshed.
 */
export function useUserMutation<Input>(
  send: (input: Input) => Promise<UserDetailResponse>,
  /** Other lists the change reaches (disabling ends the user's sign-ins). */
  alsoInvalidates: readonly (readonly unknown[])[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (user) => {
      queryClient.setQueryData(adminKeys.user(user.id), user);
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.users, 'list'] });
      for (const queryKey of alsoInvalidates) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
