import type { LoginResponse } from '@skolportalen/shared';
import { userEndpoints } from '@skolportalen/shared/endpoints/users';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest, call } from '@/lib/api-client';
import { fullPageLoad } from '@/lib/navigation';
import { apiPaths, paths } from '@/lib/paths';
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
  const { session } = await apiRequest<LoginResponse>(apiPaths.createToken(), {
    method: 'POST',
    body: { type: 'masked', userId },
  });
  saveTokenList(session);
  fullPageLoad(paths.home.href());
}

export function useActAs() {
  return useMutation({ mutationFn: actAs });
}
