import type { SessionResponse } from '@skolportalen/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { apiPaths } from './paths';
import { saveTokenList } from './token-list';

export const sessionKeys = {
  all: ['session'] as const,
};

/** Fetches the session's token metadata and keeps it in session storage (spec §3). */
export async function fetchSession(signal?: AbortSignal): Promise<SessionResponse> {
  const session = await apiRequest<SessionResponse>(apiPaths.session(), { signal });
  saveTokenList(session);
  return session;
}

export const sessionQuery = () =>
  queryOptions({
    queryKey: sessionKeys.all,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: 5 * 60_000,
  });

export function useSession() {
  return useQuery(sessionQuery());
}
