/** Query keys of the course feature; every booking change refreshes them all. */
export const courseKeys = {
  all: ['courses'] as const,
  course: (key: string) => ['courses', 'course', key] as const,
  list: () => ['courses', 'list'] as const,
  mine: () => ['courses', 'mine'] as const,
  feed: () => ['courses', 'feed'] as const,
};
