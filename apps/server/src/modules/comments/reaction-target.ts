import { sv } from '@skolportalen/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client';
import { posts } from '../../db/schema';
import { actorOf, type Actor } from '../../identity/actor';
import { AppError, errors } from '../../http/errors';
import { visiblePostCondition, type PostViewer } from '../audience/post-visibility';
import { sessionPostAudience } from '../audience/session-audience';
import { can } from '../../identity/authorize';
import { postsPolicy } from '../posts/posts.policy';

/** Who comments or likes, and which posts they may read (decision 0011). */
export interface ReactionActor extends Actor {
  viewer: PostViewer;
}

export async function reactionActorOf(
  request: FastifyRequest,
  db: Executor,
): Promise<ReactionActor> {
  const actor = actorOf(request);
  const audience = await sessionPostAudience(db, request);
  return { ...actor, viewer: { audience, listAll: can(actor.user, postsPolicy.listAll) } };
}

/** What comments and likes need to know about their post. */
export interface ReactionPost {
  id: number;
  status: string;
  allowComments: boolean;
}

/**
 * The post if the viewer may read it. A post they cannot see answers 404
 * exactly like one that does not exist, so ids reveal nothing.
 */
export async function readablePost(
  db: Executor,
  viewer: PostViewer,
  postId: number,
): Promise<ReactionPost> {
  const [row] = await db
    .select({ id: posts.id, status: posts.status, allowComments: posts.allowComments })
    .from(posts)
    .where(and(eq(posts.id, postId), visiblePostCondition(viewer)));
  if (!row) throw errors.notFound();
  return row;
}

/** Readers react to what is published; a draft its editors can see is not open yet. */
export function assertPublished(post: ReactionPost) {
  if (post.status !== 'publish') throw new AppError(403, 'NOT_PUBLISHED', sv.comments.notPublished);
}

/** Comments need a published post whose editor left comments on (allowComments). */
export function assertOpenForComments(post: ReactionPost) {
  assertPublished(post);
  if (!post.allowComments) throw new AppError(403, 'COMMENTS_CLOSED', sv.comments.closed);
}
