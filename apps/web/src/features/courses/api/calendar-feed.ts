import { courseCalendarEndpoints } from '@skolportalen/shared/endpoints/course-calendar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { courseKeys } from './keys';

/** GET /course-feed: whether the user has a calendar link (its address is never shown again). */
export function useCalendarFeed() {
  return useQuery({
    queryKey: courseKeys.feed(),
    queryFn: ({ signal }) => call(courseCalendarEndpoints.feedState, { signal }),
  });
}

/** POST|DELETE /course-feed: a new secret link (the old stops working), or none. */
export function useChangeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: 'create' | 'revoke') =>
      call(
        action === 'create'
          ? courseCalendarEndpoints.createFeed
          : courseCalendarEndpoints.deleteFeed,
      ),
    onSuccess: (state) => queryClient.setQueryData(courseKeys.feed(), { ...state, url: null }),
  });
}
