import type { GetPostsRequest, MyPostsQuery } from '@skolportalen/shared';

/** Query keys of the content area; a write refreshes everything under `all`. */
export const contentKeys = {
  all: ['posts'] as const,
  list: (request: GetPostsRequest) => ['posts', 'list', request] as const,
  feed: (perPage: number) => ['posts', 'feed', perPage] as const,
  /** One post; `language` apart, as the original and a translation are different answers. */
  post: (key: string | number, language = 'reader') =>
    ['posts', 'post', String(key), language] as const,
  mine: (query: MyPostsQuery) => ['posts', 'mine', query] as const,
  everything: (request: GetPostsRequest) => ['posts', 'all', request] as const,
  slug: (slug: string, excludeId?: number) => ['posts', 'slug', slug, excludeId ?? 0] as const,
  tool: (id: number) => ['posts', 'tool-link', id] as const,
  toolChoices: ['posts', 'tool-choices'] as const,
  /** A must-read post's report: its figures and its pages of rows (decision 0040). */
  acknowledgements: (id: number) => ['posts', 'acknowledgements', id] as const,
  /** The notices whose report one may read. */
  acknowledgementReports: ['posts', 'acknowledgement-reports'] as const,
  /** Approval before publishing (issue 29): one's queue, a post's request, the check while writing. */
  approvalQueue: ['posts', 'approval-queue'] as const,
  approval: (id: number) => ['posts', 'approval', id] as const,
  approvalCheck: (type: string, nodeIds: readonly number[]) =>
    ['approval-check', type, nodeIds] as const,
  /** Owners and review dates (decision 0045): a post's, and each school's lists. */
  review: (id: number) => ['posts', 'review', id] as const,
  reviewLists: ['posts', 'review-lists'] as const,
  targetGroups: ['post-target-groups'] as const,
  /** A must-read mail's link: outside `all`, as no write of the portal's changes what it shows. */
  acknowledgementLink: (token: string) => ['acknowledgement-link', token] as const,
};
