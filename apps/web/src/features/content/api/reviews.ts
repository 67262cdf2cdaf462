import type { PostReviewInput, ReviewList } from '@skolportalen/shared';
import { reviewEndpoints } from '@skolportalen/shared/endpoints/reviews';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callList } from '@/lib/api-client';
import { contentKeys } from './keys';

/** GET /post/{id}/review: the post's owner and review date, for its editors. */
export function usePostReview(postId: number | undefined) {
  return useQuery({
    queryKey: contentKeys.review(postId ?? 0),
    enabled: postId !== undefined,
    queryFn: ({ signal }) =>
      call(reviewEndpoints.state, { params: { id: String(postId) }, signal, throwOnError: true }),
  });
}

type ReviewChange = { kind: 'update'; input: PostReviewInput } | { kind: 'reviewed' };

/** PUT /post/{id}/review or POST /post/{id}/reviewed; the post and the lists refresh. */
export function useReviewChange(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: ReviewChange) =>
      change.kind === 'update'
        ? call(reviewEndpoints.update, {
            params: { id: String(postId) },
            body: change.input,
            throwOnError: true,
          })
        : call(reviewEndpoints.reviewed, { params: { id: String(postId) }, throwOnError: true }),
    onSuccess: (review) => {
      client.setQueryData(contentKeys.review(postId), review);
      void client.invalidateQueries({ queryKey: contentKeys.reviewLists });
    },
  });
}

/** GET /content-review: the schools whose lists one may see. */
export function useReviewSchools() {
  return useQuery({
    queryKey: [...contentKeys.reviewLists, 'schools'],
    queryFn: ({ signal }) => call(reviewEndpoints.schools, { signal, throwOnError: true }),
  });
}

/** GET /content-review/{id}: a page of one of a school's lists. */
export function useReviewList(
  schoolId: number | undefined,
  list: ReviewList,
  page: number,
  perPage: number,
) {
  return useQuery({
    queryKey: [...contentKeys.reviewLists, schoolId, list, page, perPage],
    enabled: schoolId !== undefined,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      callList(reviewEndpoints.list, {
        params: { id: schoolId ?? 0 },
        query: { list, page, perPage },
        signal,
      }),
  });
}
