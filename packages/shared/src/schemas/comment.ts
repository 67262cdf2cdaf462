import { limits } from '../constants';
import { sv } from '../texts/sv';
import { bodyId, id, listQuery } from './common';
import { likeSummary } from './like';
import { z } from './zod-sv';

/**
 * Control characters other than tab and line breaks (C0, DEL, C1), and the
 * bidirectional overrides that make text read differently than it is stored.
 */
const forbiddenCharacters =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/**
 * A comment's text: plain text, never HTML. Trimmed, required, at most
 * `limits.commentTextMax` characters, line breaks kept (as \n).
 */
export const commentText = z
  .string()
  .transform((value) => value.replace(/\r\n?/g, '\n').trim())
  .pipe(
    z
      .string()
      .min(1, sv.validation.required)
      .max(limits.commentTextMax)
      .refine((value) => !forbiddenCharacters.test(value), sv.validation.invalidCharacters),
  );

/** POST /comment. */
export const commentInput = z.strictObject({ postId: bodyId, text: commentText });
export type CommentInput = z.input<typeof commentInput>;

/** A query-string id that must be there: missing says so, instead of "wrong type". */
const requiredId = z.preprocess((value, ctx) => {
  if (value !== undefined && value !== '') return value;
  ctx.addIssue({ code: 'custom', message: sv.validation.required, input: value });
  return z.NEVER;
}, id);

/** GET /comment?postId=…: oldest first. */
export const commentListQuery = listQuery.omit({ sort: true }).extend({ postId: requiredId });
export type CommentListQuery = z.input<typeof commentListQuery>;

export const commentResponse = z.object({
  id: z.number(),
  postId: z.number(),
  /** Plain text with line breaks; shown as text, never as HTML. */
  text: z.string(),
  created: z.string(),
  author: z.object({ id: z.number(), name: z.string() }),
  likes: likeSummary,
  can: z.object({ delete: z.boolean() }),
});
export type CommentResponse = z.infer<typeof commentResponse>;

export const commentDeleteResponse = z.object({
  id: z.number(),
  postId: z.number(),
  /** Comments left on the post. */
  commentCount: z.number(),
});
export type CommentDeleteResponse = z.infer<typeof commentDeleteResponse>;
