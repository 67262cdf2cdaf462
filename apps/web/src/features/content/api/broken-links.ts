import { brokenLinkEndpoints } from '@skolportalen/shared/endpoints/broken-links';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callList } from '@/lib/api-client';

const keys = {
  mine: (page: number, perPage: number) => ['broken-links', 'mine', page, perPage] as const,
  school: (schoolId: number | null, page: number, perPage: number) =>
    ['broken-links', 'school', schoolId, page, perPage] as const,
};

/** GET /broken-link/mine: the broken links of the posts one owns, a page at a time. */
export function useMyBrokenLinks(page: number, perPage: number) {
  return useQuery({
    queryKey: keys.mine(page, perPage),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      callList(brokenLinkEndpoints.mine, { query: { page, perPage }, signal }),
  });
}

/** GET /broken-link: a school's broken links by owner (all one may see without a school). */
export function useSchoolBrokenLinks(
  schoolId: number | null,
  page: number,
  perPage: number,
  enabled: boolean,
) {
  return useQuery({
    queryKey: keys.school(schoolId, page, perPage),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      callList(brokenLinkEndpoints.school, {
        query: { page, perPage, ...(schoolId === null ? {} : { schoolId }) },
        signal,
      }),
  });
}
