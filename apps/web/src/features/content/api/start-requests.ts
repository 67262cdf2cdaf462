import type { GetPostsRequest } from '@skolportalen/shared';

/**
 * The start page's GetPosts requests as plain data: get-posts.ts asks with
 * them, and the page served at "/" sends them before the app has loaded
 * (lib/early-requests.ts) — so nothing here may import more than types.
 */

/** Newest first: the feed and every list of notices (spec §9's default is "order ASC"). */
export const newestFirst = 'publishedDate DESC, id DESC';

/**
 * Crisis alerts, information messages and pinned information blocks in one
 * request: the start page splits them by type.
 */
export const startNoticesRequest: GetPostsRequest = {
  type: ['alert', 'info-important', 'info', 'pinned-news'],
  sort: `order ASC, ${newestFirst}`,
  perPage: 50,
};

/** Pages placed on the start page (top and bottom) in one request. */
export const placementRequest: GetPostsRequest = {
  type: ['page', 'page-related'],
  pagePlacement: ['start-top', 'start-bottom'],
  sort: 'order ASC, publishedDate DESC',
  perPage: 20,
};

export const feedPageSize = 10;

/** The news feed: targeted news, newest first, a page at a time ("Visa fler"). */
export const newsFeedRequest = (page: number, perPage = feedPageSize): GetPostsRequest => ({
  type: ['news'],
  sort: newestFirst,
  page,
  perPage,
});
