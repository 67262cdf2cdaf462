import type { SlugAvailability } from '@skolportalen/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useDebounced } from '@/lib/use-debounced';
import { apiPaths } from '@/lib/paths';
import { contentKeys } from './keys';

/** GET /post-slug-availability/{slug}, asked once typing has paused. */
export function useSlugAvailability(slug: string, excludeId?: number, enabled = true) {
  const settled = useDebounced(slug.trim(), 400);
  const query = useQuery({
    queryKey: contentKeys.slug(settled, excludeId),
    enabled: enabled && settled !== '',
    staleTime: 10_000,
    queryFn: ({ signal }) =>
      apiRequest<SlugAvailability>(apiPaths.slugAvailability(settled, excludeId), {
        signal,
        throwOnError: true,
      }),
  });
  return { ...query, checking: settled !== slug.trim() || query.isFetching, settled };
}
