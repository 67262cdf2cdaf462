import { sv } from '../texts/sv';
import { bodyId, id } from './common';
import { z } from './zod-sv';

const exactlyOne = (value: { postId?: number; commentId?: number }) =>
  (value.postId === undefined) !== (value.commentId === undefined);
const oneTarget = { message: sv.likes.targetRequired, path: ['postId'] };

/** GET /like: the likes of one post or one comment. */
export const likeQuery = z
  .object({ postId: id.optional(), commentId: id.optional() })
  .refine(exactlyOne, oneTarget);
export type LikeQuery = z.input<typeof likeQuery>;

/** POST /like: like a post or a comment; liking again changes nothing. */
export const likeInput = z
  .strictObject({ postId: bodyId.optional(), commentId: bodyId.optional() })
  .refine(exactlyOne, oneTarget);
export type LikeInput = z.input<typeof likeInput>;

/** How many like a post or a comment, and whether the signed-in user does. */
export const likeSummary = z.object({
  count: z.number(),
  liked: z.boolean(),
  /** The signed-in user's like (DELETE /like/{likeId} takes it back); null when they do not like it. */
  likeId: z.number().nullable(),
});
export type LikeSummary = z.infer<typeof likeSummary>;

/** GET, POST and DELETE /like answer with the target and its summary. */
export const likeResponse = likeSummary.extend({
  postId: z.number().nullable(),
  commentId: z.number().nullable(),
});
export type LikeResponse = z.infer<typeof likeResponse>;
