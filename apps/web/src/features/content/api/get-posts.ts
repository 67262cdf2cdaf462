import type { GetPostsRequest } from '@skolportalen/shared';
import { postEndpoints } from '@skolportalen/shared/endpoints/posts';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import { callList } from '@/lib/api-client';
import { contentKeys } from './keys';
import {
  feedPageSize,
  mustReadRequest,
  newsFeedRequest,
  placementRequest,
  startNoticesRequest,
} from '@skolportalen/shared/start-page';

export {
  feedPageSize,
  mustReadRequest,
  newestFirst,
  placementRequest,
  startNoticesRequest,
} from '@skolportalen/shared/start-page';

/** POST /GetPosts: what the signed-in reader may see, filtered; the total from x-pagination-total. */
export function fetchPosts(request: GetPostsRequest, signal?: AbortSignal) {
  return callList(postEndpoints.getPosts, { body: request, signal });
}

export function usePosts(request: GetPostsRequest, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: contentKeys.list(request),
    queryFn: ({ signal }) => fetchPosts(request, signal),
    enabled: options.enabled ?? true,
    placeholderData: keepPreviousData,
  });
}

export const startNoticesQuery = () =>
  queryOptions({
    queryKey: contentKeys.list(startNoticesRequest),
    queryFn: ({ signal }) => fetchPosts(startNoticesRequest, signal),
  });

export function useStartNotices() {
  return useQuery(startNoticesQuery());
}

/**
 * The must-read notices the reader still has to confirm, pinned at the top of
 * the start page (decision 0040); an empty list for most readers, answered
 * inside the page at "/" with the rest of the first screen (decision 0026).
 */
export const mustReadQuery = () =>
  queryOptions({
    queryKey: contentKeys.list(mustReadRequest),
    queryFn: ({ signal }) => fetchPosts(mustReadRequest, signal),
  });

export function useMustReadNotices() {
  return useQuery(mustReadQuery());
}

export const placementPagesQuery = () =>
  queryOptions({
    queryKey: contentKeys.list(placementRequest),
    queryFn: ({ signal }) => fetchPosts(placementRequest, signal),
  });

export function usePlacementPages() {
  return useQuery(placementPagesQuery());
}

/** The news feed: targeted news, newest first, a page at a time ("Visa fler"). */
export const newsFeedQuery = (perPage = feedPageSize) =>
  infiniteQueryOptions({
    queryKey: contentKeys.feed(perPage),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => fetchPosts(newsFeedRequest(pageParam, perPage), signal),
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((sum, page) => sum + page.items.length, 0);
      return shown < last.total && last.items.length > 0 ? pages.length + 1 : undefined;
    },
  });

export function useNewsFeed(perPage = feedPageSize) {
  return useInfiniteQuery(newsFeedQuery(perPage));
}
