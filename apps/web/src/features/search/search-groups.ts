import type { SearchType } from '@skolportalen/shared';

/**
 * The type filter's choices on the results page: each stands for the post
 * types a reader thinks of as one kind (information blocks and messages are
 * "Information"), or for the tools. `all` asks for everything.
 */
export const searchGroups = {
  all: [],
  news: ['news'],
  info: ['pinned-news', 'info', 'info-important'],
  alert: ['alert'],
  page: ['page', 'page-related'],
  course: ['course'],
  advert: ['advertisment', 'givetake'],
  tool: ['tool'],
} as const satisfies Record<string, readonly SearchType[]>;

export type SearchGroup = keyof typeof searchGroups;

export const searchGroupKeys = Object.keys(searchGroups) as SearchGroup[];

export function isSearchGroup(value: string | null): value is SearchGroup {
  return value !== null && Object.hasOwn(searchGroups, value);
}
