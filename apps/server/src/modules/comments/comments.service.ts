import type { CommentResponse, commentInput, z } from '@skolportalen/shared';
import type { Database, Executor } from '../../db/client';
import { authorize } from '../../identity/authorize';
import { identityScopeOf } from '../../identity/protected-identity';
import { errors } from '../../http/errors';
import { recordAudit } from '../audit/audit.repo';
import { commentPermissions, commentsPolicy, isModeration } from './comments.policy';
import {
  countComments,
  deleteCommentRow,
  insertComment,
  listComments,
  lockComment,
  type ListedComment,
} from './comments.repo';
import { assertOpenForComments, readablePost, type ReactionActor } from './reaction-target';

export function presentComment(row: ListedComment, actor: ReactionActor): CommentResponse {
  return {
    id: row.id,
    postId: row.postId,
    text: row.text,
    created: row.createdAt.toISOString(),
    author: { id: row.userId, name: row.authorName },
    likes: { count: row.likeCount, liked: row.likeId !== null, likeId: row.likeId },
    can: commentPermissions(actor.user, row),
  };
}

/** GET /comment: the comments of a post the reader can see, where comments are on. */
export async function commentsOfPost(
  db: Database,
  actor: ReactionActor,
  postId: number,
  page: { page: number; perPage: number },
) {
  assertOpenForComments(await readablePost(db, actor.viewer, postId));
  const scope = await identityScopeOf(db, actor.user);
  const { rows, total } = await listComments(db, scope, postId, actor.user.id, page);
  return { items: rows.map((row) => presentComment(row, actor)), total };
}

/** Refuses a comment over the writer's allowance (the HTTP rate limit, kept out of the service). */
export type CommentThrottle = () => Promise<void>;

/**
 * POST /comment: right, then the post (404 when unseen), then whether it
 * takes comments; only a comment that would be written counts against the
 * writer's allowance.
 */
export async function createComment(
  db: Database,
  actor: ReactionActor,
  values: z.output<typeof commentInput>,
  throttle: CommentThrottle,
): Promise<CommentResponse> {
  authorize(actor.user, commentsPolicy.create);
  assertOpenForComments(await readablePost(db, actor.viewer, values.postId));
  await throttle();
  return db.transaction(async (tx) => {
    // Read again inside the transaction: the post may have closed in between.
    assertOpenForComments(await readablePost(tx, actor.viewer, values.postId));
    const row = await insertComment(tx, {
      postId: values.postId,
      userId: actor.user.id,
      text: values.text,
    });
    await auditIfMasked(tx, actor, 'comment.created', row.id, { postId: row.postId });
    return presentComment(
      { ...row, authorName: actor.user.name, likeCount: 0, likeId: null },
      actor,
    );
  });
}

/**
 * DELETE /comment/{id}: the writer (delete_comment) or a moderator
 * (delete_all_comments). A comment under a post the caller cannot see is not
 * found; a post that has since closed for comments still lets them go.
 */
export async function removeComment(db: Database, actor: ReactionActor, commentId: number) {
  return db.transaction(async (tx) => {
    const comment = await lockComment(tx, commentId);
    if (!comment) throw errors.notFound();
    await readablePost(tx, actor.viewer, comment.postId);
    authorize(actor.user, commentsPolicy.delete, comment);
    await deleteCommentRow(tx, comment.id);
    const before = { postId: comment.postId, userId: comment.userId, text: comment.text };
    if (isModeration(actor.user, comment)) {
      await recordAudit(tx, {
        actorUserId: actor.user.id,
        realUserId: actor.realUserId,
        action: 'comment.deleted',
        entityType: 'comment',
        entityId: comment.id,
        before,
        requestId: actor.requestId,
      });
    } else {
      await auditIfMasked(tx, actor, 'comment.deleted', comment.id, before);
    }
    return {
      id: comment.id,
      postId: comment.postId,
      commentCount: await countComments(tx, comment.postId),
    };
  });
}

/** One's own comment is not administration, but a write made while masked always is. */
async function auditIfMasked(
  db: Executor,
  actor: ReactionActor,
  action: string,
  commentId: number,
  values: unknown,
) {
  if (actor.realUserId === null) return;
  await recordAudit(db, {
    actorUserId: actor.user.id,
    realUserId: actor.realUserId,
    action,
    entityType: 'comment',
    entityId: commentId,
    [action === 'comment.deleted' ? 'before' : 'after']: values,
    requestId: actor.requestId,
  });
}
