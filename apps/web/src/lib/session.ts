import type { SessionResponse } from '@skolportalen/shared';
import { sessionEndpoints } from '@skolportalen/shared/endpoints/sign-in';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client';
import { saveTokenList } from './token-list';

export const sessionKeys = {
  all: ['session'] as const,
};

/** Fetches the session's token metadata and keeps it in session storage (spec §3). */
export async function fetchSession(signal?: AbortSignal): Promise<SessionResponse> {
  const session = await call(sessionEndpoints.session, { signal });
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
