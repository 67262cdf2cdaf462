import { versionEndpoints } from '@skolportalen/shared/endpoints/versions';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callList } from '@/lib/api-client';
import { contentKeys } from './keys';

const perPage = 50;

/** GET /post/{id}/versions: its versions, newest first, a page at a time ("Visa fler versioner"). */
export function useVersionList(postId: number) {
  return useInfiniteQuery({
    queryKey: contentKeys.versions(postId),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callList(versionEndpoints.list, {
        params: { id: postId },
        query: { page: pageParam, perPage },
        signal,
      }),
    getNextPageParam: (last, pages) =>
      pages.length * perPage < last.total ? pages.length + 1 : undefined,
  });
}

/** GET /post/{id}/versions/{n}: one version in full, for a comparison. */
export function useVersion(postId: number, n: number | null) {
  return useQuery({
    queryKey: contentKeys.version(postId, n ?? 0),
    enabled: n !== null,
    // A version never changes once recorded.
    staleTime: Infinity,
    queryFn: ({ signal }) =>
      call(versionEndpoints.get, { params: { id: postId, n: n ?? 0 }, signal }),
  });
}

/** POST /post/{id}/versions/{n}/restore: the version as a new draft; answers with the post. */
export function useRestoreVersion(postId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (n: number) => call(versionEndpoints.restore, { params: { id: postId, n } }),
    onSuccess: (post) => {
      queryClient.setQueryData(contentKeys.post(post.id, 'sv'), post);
      void queryClient.invalidateQueries({ queryKey: contentKeys.all });
    },
  });
}

/** GET /post-archive?search=: any post by title or address, deleted ones too (administrators). */
export function usePostArchive(search: string) {
  return useQuery({
    queryKey: contentKeys.archive(search),
    enabled: search.length >= 2,
    queryFn: ({ signal }) =>
      callList(versionEndpoints.archive, { query: { search, perPage: 20 }, signal }),
  });
}

/**
 * GET /post/{id}/as-published?at=: the post as readers were shown it then.
 * The 404 "Inte publicerad vid den tidpunkten" is an answer to show, not a
 * missing page: it comes back to the screen instead of leading to /404.
 */
export function useAsPublished(postId: number | null, at: string | null) {
  return useQuery({
    queryKey: contentKeys.asPublished(postId ?? 0, at ?? ''),
    enabled: postId !== null && at !== null,
    retry: false,
    queryFn: ({ signal }) =>
      call(versionEndpoints.asPublished, {
        params: { id: postId ?? 0 },
        query: { at: at ?? '' },
        signal,
        handledCodes: ['NOT_FOUND'],
      }),
  });
}
