import type { FastifyRequest } from 'fastify';
import type { Cache } from '../../cache/cache';
import type { Database } from '../../db/client';
import { actorOf, type Actor } from '../../identity/actor';
import { sessionPostAudience } from '../audience/session-audience';
import { can } from '../../identity/authorize';
import { postsPolicy } from '../posts/posts.policy';
import type { PostViewer } from '../audience/post-visibility';
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
export async function courseActorOf(request: FastifyRequest, db: Database): Promise<CourseActor> {
  const actor = actorOf(request);
  const audience = await sessionPostAudience(db, request);
  return { ...actor, viewer: { audience, listAll: can(actor.user, postsPolicy.listAll) } };
}
