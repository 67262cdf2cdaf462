import type { CurrentUserResponse, OwnLanguageRequest } from '@skolportalen/shared';
import { profileEndpoints } from '@skolportalen/shared/endpoints/profile';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { currentUserKeys } from '@/lib/current-user';

/**
 * PUT /user/language: the language the reader reads content in (issue 27).
 * Without a language the question is only put away. Posts are read again,
 * since they come in the reader's language.
 */
export function useSetOwnLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OwnLanguageRequest) =>
      call(profileEndpoints.setLanguage, { body, throwOnError: true }),
    onSuccess: async (answer) => {
      queryClient.setQueryData<CurrentUserResponse>(currentUserKeys.all, (user) =>
        user ? { ...user, ...answer, askLanguage: false } : user,
      );
      await queryClient.invalidateQueries({ queryKey: ['posts'] });
    },
  });
}
