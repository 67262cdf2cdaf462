import type { LoginResponse } from '@skolportalen/shared';
import { tokenEndpoints } from '@skolportalen/shared/endpoints/tokens';
import { userEndpoints } from '@skolportalen/shared/endpoints/users';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { fullPageLoad } from '@/lib/navigation';
import { paths } from '@/lib/paths';
import { saveTokenList } from '@/lib/token-list';

export const userSearchKey = (search: string) => ['user-search', search] as const;

/** Administrators' user search, for choosing whom to act as. */
export function useUserSearch(search: string) {
  return useQuery({
    queryKey: userSearchKey(search),
    queryFn: () => call(userEndpoints.list, { query: { perPage: 20, search } }),
    enabled: search.trim().length >= 2,
    placeholderData: keepPreviousData,
  });
}

/** Starts a masked session as the user ("Maskerad"); the app starts over on the start page. */
export async function actAs(userId: number) {
  // A masked token answers with the session it joins, never an API key.
  const { session } = (await call(tokenEndpoints.issue, {
    body: { type: 'masked', userId },
  })) as LoginResponse;
  saveTokenList(session);
  fullPageLoad(paths.home.href());
}

export function useActAs() {
  return useMutation({ mutationFn: actAs });
}
