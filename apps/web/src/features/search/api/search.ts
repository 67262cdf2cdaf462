import { searchQueryMax } from '@skolportalen/shared';
import { searchEndpoints } from '@skolportalen/shared/endpoints/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callList } from '@/lib/api-client';
import { searchGroups, type SearchGroup } from '../search-groups';

export const searchPerPage = 20;

export interface SearchRequest {
  q: string;
  group: SearchGroup;
  page: number;
}

export const searchKeys = {
  all: ['search'] as const,
  results: (request: SearchRequest) => ['search', request] as const,
};

/** Text the server would refuse is never sent: the page says what is wrong instead. */
export function isSearchable(q: string): boolean {
  const text = q.trim();
  return text.length > 0 && text.length <= searchQueryMax;
}

/** GET /search: one page of hits with the total, for a text, a type group and a page. */
export function useSearch(request: SearchRequest) {
  return useQuery({
    queryKey: searchKeys.results(request),
    enabled: isSearchable(request.q),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      callList(searchEndpoints.search, {
        query: {
          q: request.q.trim(),
          type: [...searchGroups[request.group]],
          page: request.page,
          perPage: searchPerPage,
        },
        signal,
      }),
  });
}
