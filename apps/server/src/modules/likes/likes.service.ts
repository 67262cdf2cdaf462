import type { LikeResponse } from '@skolportalen/shared';
import type { Database, Executor } from '../../db/client';
import { authorize } from '../../identity/authorize';
import { errors } from '../../http/errors';
import { findComment } from '../comments/comments.repo';
import {
  assertOpenForComments,
  assertPublished,
  readablePost,
  type ReactionActor,
} from '../comments/reaction-target';
import { likesPolicy } from './likes.policy';
import {
  deleteLikeRow,
  findOwnLike,
  insertLike,
  likeSummaryOf,
  type LikeTarget,
} from './likes.repo';

/**
 * The target if the viewer may read it: a published post, or a comment under
 * a post that takes comments. Anything unseen answers 404 like a missing one.
 */
async function reachTarget(
  db: Executor,
  actor: ReactionActor,
  target: LikeTarget,
  { open }: { open: boolean },
) {
  if (target.postId !== undefined) {
    const post = await readablePost(db, actor.viewer, target.postId);
    if (open) assertPublished(post);
    return;
  }
  const comment = await findComment(db, target.commentId);
  if (!comment) throw errors.notFound();
  const post = await readablePost(db, actor.viewer, comment.postId);
  if (open) assertOpenForComments(post);
}

async function respond(
  db: Executor,
  actor: ReactionActor,
  target: LikeTarget,
): Promise<LikeResponse> {
  return {
    postId: target.postId ?? null,
    commentId: target.commentId ?? null,
    ...(await likeSummaryOf(db, target, actor.user.id)),
  };
}

/** GET /like: count and "you like this" for a post or a comment the viewer can see. */
export async function likesOf(db: Database, actor: ReactionActor, target: LikeTarget) {
  await reachTarget(db, actor, target, { open: true });
  return respond(db, actor, target);
}

/** POST /like: idempotent — a second like keeps the one there is and answers the same. */
export async function like(db: Database, actor: ReactionActor, target: LikeTarget) {
  authorize(actor.user, likesPolicy.like);
  return db.transaction(async (tx) => {
    await reachTarget(tx, actor, target, { open: true });
    await insertLike(tx, actor.user.id, target);
    return respond(tx, actor, target);
  });
}

/**
 * DELETE /like/{id}: `id` is the like's own id (decision 0015), and only its
 * owner may take it back — also after comments have closed, as long as they
 * can still see the post.
 */
export async function unlike(db: Database, actor: ReactionActor, likeId: number) {
  authorize(actor.user, likesPolicy.unlike);
  return db.transaction(async (tx) => {
    const row = await findOwnLike(tx, actor.user.id, likeId);
    if (!row) throw errors.notFound();
    const target: LikeTarget =
      row.postId !== null ? { postId: row.postId } : { commentId: row.commentId! };
    await reachTarget(tx, actor, target, { open: false });
    await deleteLikeRow(tx, row.id);
    return respond(tx, actor, target);
  });
}
