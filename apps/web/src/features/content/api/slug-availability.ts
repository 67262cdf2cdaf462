import { postEndpoints } from '@skolportalen/shared/endpoints/posts';
import { useQuery } from '@tanstack/react-query';
import { call } from '@/lib/api-client';
import { useDebounced } from '@/lib/use-debounced';
import { contentKeys } from './keys';

/** GET /post-slug-availability/{slug}, asked once typing has paused. */
export function useSlugAvailability(slug: string, excludeId?: number, enabled = true) {
  const settled = useDebounced(slug.trim(), 400);
  const query = useQuery({
    queryKey: contentKeys.slug(settled, excludeId),
    enabled: enabled && settled !== '',
    staleTime: 10_000,
    queryFn: ({ signal }) =>
      call(postEndpoints.slugAvailability, {
        params: { slug: settled },
        query: { excludeId },
        signal,
        throwOnError: true,
      }),
  });
  return { ...query, checking: settled !== slug.trim() || query.isFetching, settled };
}
