import { sessionStorageKeys, type LoginRequest, type LoginResponse } from '@skolportalen/shared';
import { passwordSignInEndpoints } from '@skolportalen/shared/endpoints/sign-in';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { currentUserQuery } from '@/lib/current-user';
import { sessionKeys } from '@/lib/session';
import { saveTokenList } from '@/lib/token-list';

/** The login form shows 401 and 429 itself, so this call asks the client for exceptions. */
export function login(input: LoginRequest): Promise<LoginResponse> {
  return call(passwordSignInEndpoints.login, { body: input, throwOnError: true });
}

/** Signs in, keeps the session's token list and loads the user before the caller moves on. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async ({ session }) => {
      saveTokenList(session);
      sessionStorage.setItem(sessionStorageKeys.chooseRoleAfterLogin, '1');
      queryClient.setQueryData(sessionKeys.all, session);
      await queryClient.fetchQuery(currentUserQuery());
    },
  });
}
