import type { FastifyRequest } from 'fastify';
import type { Cache } from '../../cache/cache';
import type { Database } from '../../db/client';
import { actorOf, type Actor } from '../../http/actor';
import { authOf } from '../../http/authenticate';
import { cachedPostAudience } from '../posts/post-audience';
import { canListAll } from '../posts/posts.policy';
import type { PostViewer } from '../posts/posts.repo';
import type { CourseMailer } from './course-mail';

/** What course services need besides the request: the database, the clock, the site and mail. */
export interface CoursesContext {
  db: Database;
  cache: Cache;
  siteOrigin: string;
  now: () => Date;
  mailer: CourseMailer;
}

/** Who acts, and what they may see (the post audience of decision 0011). */
export interface CourseActor extends Actor {
  viewer: PostViewer;
}

/** The acting user of a course request, with their post audience (cached per session). */
export async function courseActorOf(
  request: FastifyRequest,
  db: Database,
  cache: Cache,
): Promise<CourseActor> {
  const actor = actorOf(request);
  const { token } = authOf(request);
  const audience = await cachedPostAudience(db, cache, token.id, actor.user.id);
  return { ...actor, viewer: { audience, listAll: canListAll(actor.user) } };
}
