import { courseEndpoints } from '@skolportalen/shared/endpoints/courses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, callList } from '@/lib/api-client';
import { courseKeys } from './keys';

/** GET /course/{slug}: the course, its places, one's booking and, for organisers, the attendees. */
export const courseQuery = (slug: string) =>
  queryOptions({
    queryKey: courseKeys.course(slug),
    queryFn: ({ signal }) => call(courseEndpoints.get, { params: { id: slug }, signal }),
  });

export function useCourse(slug: string) {
  return useQuery(courseQuery(slug));
}

/** GET /course: the courses still to come that the user is aimed at. */
export function useCourses() {
  return useQuery({
    queryKey: courseKeys.list(),
    queryFn: async ({ signal }) =>
      (await callList(courseEndpoints.list, { query: { perPage: 100 }, signal })).items,
  });
}

/** GET /my-course: one's bookings, the ended ones too. */
export function useMyCourses() {
  return useQuery({
    queryKey: courseKeys.mine(),
    queryFn: async ({ signal }) =>
      (
        await callList(courseEndpoints.mine, {
          query: { includeEnded: true, perPage: 500 },
          signal,
        })
      ).items,
  });
}
