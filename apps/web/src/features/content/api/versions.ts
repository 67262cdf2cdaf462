import { versionEndpoints } from '@skolportalen/shared/endpoints/versions';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callList } from '@/lib/api-client';
import { contentKeys } from './keys';

/**
 * Under `contentKeys.all`, so that every write of a post refreshes them; kept
 * here rather than in ./keys, which the first page carries.
 */
const versionKeys = {
  /** A post's versions: the list and each version in full. */
  versions: (id: number) => [...contentKeys.all, 'versions', id] as const,
  version: (id: number, n: number) => [...contentKeys.all, 'versions', id, 'number', n] as const,
  /** The administrators' search of every post, deleted ones too, and a post as published on. */
  archive: (search: string) => [...contentKeys.all, 'archive', search] as const,
  asPublished: (id: number, at: string) => [...contentKeys.all, 'as-published', id, at] as const,
};

/**
 * GET /post/{id}/versions: its first `count` versions, newest first, and how
 * many there are ("Visa fler versioner" asks for more).
 */
export function useVersionList(postId: number, count: number) {
  return useQuery({
    queryKey: [...versionKeys.versions(postId), count],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      callList(versionEndpoints.list, {
        params: { id: postId },
        query: { page: 1, perPage: count },
        signal,
      }),
  });
}

/** GET /post/{id}/versions/{n}: one version in full, for a comparison. */
export function useVersion(postId: number, n: number | null) {
  return useQuery({
    queryKey: versionKeys.version(postId, n ?? 0),
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
    queryKey: versionKeys.archive(search),
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
    queryKey: versionKeys.asPublished(postId ?? 0, at ?? ''),
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
