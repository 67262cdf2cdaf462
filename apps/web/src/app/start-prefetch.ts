import { durations } from '@skolportalen/shared';
import type { QueryClient } from '@tanstack/react-query';
import {
  newsFeedQuery,
  placementPagesQuery,
  startNoticesQuery,
} from '@/features/content/api/get-posts';
import { fetchToolsList, toolsKeys } from '@/features/tools/api/tools-list';
import { hasSignedInCookie } from '@/lib/cookies';

/**
 * The start page's code and data, asked for the moment the address is "/":
 * together with the signed-in user instead of after it, so the first screen
 * of the morning is one round of parallel requests, not a waterfall.
 */
export function prefetchStartPage(queryClient: QueryClient) {
  if (!hasSignedInCookie()) return;
  void import('./pages/start-page').catch(() => undefined);
  void queryClient.prefetchQuery(startNoticesQuery());
  void queryClient.prefetchQuery(placementPagesQuery());
  void queryClient.prefetchInfiniteQuery(newsFeedQuery());
  void queryClient.prefetchQuery({
    queryKey: toolsKeys.list({}),
    queryFn: ({ signal }) => fetchToolsList({}, signal),
    staleTime: durations.toolsListCacheMs,
  });
}
