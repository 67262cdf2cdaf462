import type { CourseFeedState } from '@skolportalen/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { apiPaths } from '@/lib/paths';
import { courseKeys } from './keys';

/** GET /course-feed: whether the user has a calendar link (its address is never shown again). */
export function useCalendarFeed() {
  return useQuery({
    queryKey: courseKeys.feed(),
    queryFn: ({ signal }) => apiRequest<CourseFeedState>(apiPaths.courseFeed(), { signal }),
  });
}

/** POST|DELETE /course-feed: a new secret link (the old stops working), or none. */
export function useChangeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'create' | 'revoke') =>
      apiRequest<CourseFeedState>(apiPaths.courseFeed(), {
        method: action === 'create' ? 'POST' : 'DELETE',
      }),
    onSuccess: (state) => queryClient.setQueryData(courseKeys.feed(), { ...state, url: null }),
  });
}
