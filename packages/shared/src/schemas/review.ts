import { postTypes } from '../content/post-types';
import { sv } from '../texts/sv';
import { bodyId, id, listQuery, queryDate } from './common';
import { z } from './zod-sv';

const t = sv.reviews;

/** Where a post stands with its review (decision 0045). */
export const reviewStates = ['none', 'ok', 'due', 'overdue'] as const;
export type ReviewState = (typeof reviewStates)[number];

/** The dashboard's lists: due within the reminder window, past the date, without an owner. */
export const reviewLists = ['due', 'overdue', 'unowned'] as const;
export type ReviewList = (typeof reviewLists)[number];

const person = z.object({ id: z.number(), name: z.string() });

/** A post's owner and review date, for those who may edit it. */
export const postReviewResponse = z.object({
  ownerId: z.number().nullable(),
  /** Named as the reader may see them (decision 0039); null when there is none. */
  owner: person.nullable(),
  /** False for a deactivated owner: the post counts as unowned. */
  ownerActive: z.boolean(),
  /** The day (YYYY-MM-DD, Stockholm) by which it is to be reviewed; null for none. */
  reviewDate: z.string().nullable(),
  /** Months a review moves the date on by; 0 when the type is not reviewed. */
  periodMonths: z.number(),
  state: z.enum(reviewStates),
  lastReviewedAt: z.string().nullable(),
  lastReviewedBy: person.nullable(),
  /** When the nightly run unpublished it in this period, if it did. */
  unpublishedAt: z.string().nullable(),
});
export type PostReview = z.infer<typeof postReviewResponse>;

/** PUT /post/{id}/review: a new owner, a new review date, or both. */
export const postReviewInput = z
  .strictObject({
    ownerId: bodyId.optional(),
    reviewDate: queryDate.optional(),
  })
  .refine((value) => value.ownerId !== undefined || value.reviewDate !== undefined, {
    message: t.errors.nothingToChange,
  });
export type PostReviewInput = z.input<typeof postReviewInput>;

/** GET /content-review: the schools whose lists the viewer may see, with how much is in each. */
export const reviewSchoolsResponse = z.array(
  z.object({
    id: z.number(),
    name: z.string(),
    due: z.number(),
    overdue: z.number(),
    unowned: z.number(),
  }),
);
export type ReviewSchool = z.infer<typeof reviewSchoolsResponse>[number];

export const reviewListParams = z.strictObject({ id });
export const reviewListQuery = listQuery.pick({ page: true, perPage: true }).extend({
  list: z.enum(reviewLists).default('due'),
});
export type ReviewListQuery = z.input<typeof reviewListQuery>;

/** One post on a school's list. */
export const reviewListItem = z.object({
  id: z.number(),
  type: z.enum(postTypes),
  title: z.string(),
  /** The reading address; null for a type without a page. */
  url: z.string().nullable(),
  ownerId: z.number().nullable(),
  owner: person.nullable(),
  ownerActive: z.boolean(),
  reviewDate: z.string().nullable(),
  state: z.enum(reviewStates),
  /** Days until the review date (negative when late); null without a date. */
  daysLeft: z.number().nullable(),
});
export type ReviewListItem = z.infer<typeof reviewListItem>;
export const reviewListResponse = z.array(reviewListItem);
