import type { QueryClient } from '@tanstack/react-query';
import { clearSignedInCookie } from './cookies';
import { forgetEarlyResponses } from './early-requests';
import { queryClient as appQueryClient } from './query-client';
import { clearTokenList } from './token-list';

/** Forgets everything the browser knows about the signed-in user (spec §4: logout clears user state). */
export function clearClientState(client: QueryClient = appQueryClient) {
  client.clear();
  clearTokenList();
  forgetEarlyResponses();
}

/** The server no longer knows the session: drop the readable flag too, so /login does not bounce to /. */
export function forgetSession(client: QueryClient = appQueryClient) {
  clearClientState(client);
  clearSignedInCookie();
}
