import { id, listQuery } from './common';
import { z } from './zod-sv';

/** Why a link counts as broken: an error status, no answer in time, a redirect loop, no connection. */
export const linkProblems = ['status', 'timeout', 'redirects', 'network'] as const;

/** One broken link of a published post, as the nightly check last found it (decision 0046). */
export const brokenLinkItem = z.object({
  id: z.number(),
  url: z.string(),
  problem: z.enum(linkProblems),
  /** The answer's HTTP status, for `status`. */
  httpStatus: z.number().nullable(),
  brokenSince: z.string(),
  checkedAt: z.string(),
  post: z.object({
    id: z.number(),
    title: z.string(),
    /** Where readers read it. */
    url: z.string().nullable(),
  }),
  /** Who answers for the post (its owner); null for an unowned post. */
  owner: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type BrokenLinkItem = z.infer<typeof brokenLinkItem>;
export const brokenLinkList = z.array(brokenLinkItem);

export const myBrokenLinksQuery = listQuery.pick({ page: true, perPage: true });
export type MyBrokenLinksQuery = z.infer<typeof myBrokenLinksQuery>;

/** A school's broken links, by owner; without a school, every school one may see. */
export const schoolBrokenLinksQuery = listQuery
  .pick({ page: true, perPage: true })
  .extend({ schoolId: id.optional() });
export type SchoolBrokenLinksQuery = z.infer<typeof schoolBrokenLinksQuery>;
