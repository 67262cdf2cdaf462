import { courseSortColumns, sv, type PostValues } from '@skolportalen/shared';
import { courseEndpoints } from '@skolportalen/shared/endpoints/courses';
import { courseSchemas } from '@skolportalen/shared/endpoints/courses.schemas';
import type { FastifyInstance } from 'fastify';
import { registerEndpoints } from '../../http/endpoint-routes';
import { errors } from '../../http/errors';
import { sortOrThrow } from '../../http/list-sort';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { createPost, replacePost, type PostsContext } from '../posts/posts.service';
import { listedPostsByIds } from '../posts/posts.repo';
import { createCourseMailer } from './course-mailer';
import { courseTypeRules } from './course-post-rules';
import { presentCourse, presentCourses } from './course-present';
import { courseActorOf, type CourseActor, type CoursesContext } from './courses.context';
import { approvalGate } from '../approvals/approval-publishing';
import {
  defaultCourseSort,
  findCourseForViewer,
  listCourseIds,
  listMyCourseIds,
} from './courses.repo';

/** `/api/core/v1` courses (spec §7 "course"): a course is a post of type course. */
export async function courseRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { db, cache } = deps;
  const mailer = createCourseMailer(deps);
  const ctx: CoursesContext = {
    db,
    cache,
    siteOrigin: deps.config.siteOrigin,
    now: deps.clock,
    mailer,
  };
  const postsCtx: PostsContext = {
    db,
    cache,
    siteOrigin: deps.config.siteOrigin,
    videoEmbedOrigins: deps.config.videoEmbedOrigins,
    now: deps.clock,
    jobs: deps.jobs,
    typeRules: [courseTypeRules(mailer)],
    // A course is a post: publishing one asks for approval where a rule says so (issue 29).
    publishing: approvalGate({ jobs: deps.jobs, siteOrigin: deps.config.siteOrigin }),
  };

  async function present(actor: CourseActor, key: string) {
    const row = await findCourseForViewer(db, actor.viewer, key);
    if (!row) throw errors.notFound(sv.courses.errors.notACourse);
    return presentCourse(db, actor.user, row, ctx.now());
  }

  registerEndpoints(app, courseEndpoints, courseSchemas, {
    create: async (request) => {
      const actor = await courseActorOf(request, db);
      const id = await createPost(postsCtx, actor, request.body as PostValues);
      return present(actor, String(id));
    },
    list: async (request, reply) => {
      const actor = await courseActorOf(request, db);
      const sort = sortOrThrow(request.query.sort, courseSortColumns, defaultCourseSort);
      const now = ctx.now();
      const { ids, total } = await listCourseIds(
        db,
        actor.viewer,
        {
          statuses: request.query.status?.length ? request.query.status : ['publish'],
          includeEnded: request.query.includeEnded ?? false,
          search: request.query.search || undefined,
          now,
        },
        sort,
        request.query,
      );
      reply.headers(paginationTotal(total));
      return presentCourses(db, actor.user, await listedPostsByIds(db, actor.user.id, ids), now);
    },
    get: {
      // A course's page carries the course (issue 32).
      firstScreen: true,
      read: async (request) => ({
        answer: await present(await courseActorOf(request, db), request.params.id),
      }),
    },
    replace: async (request) => {
      const actor = await courseActorOf(request, db);
      // Only courses go by this address; other posts are changed through /post.
      const existing = await findCourseForViewer(db, actor.viewer, request.params.id);
      if (!existing) throw errors.notFound(sv.courses.errors.notACourse);
      const id = await replacePost(
        postsCtx,
        actor,
        String(existing.post.id),
        request.body as PostValues,
      );
      return present(actor, String(id));
    },
    mine: async (request, reply) => {
      const actor = await courseActorOf(request, db);
      const now = ctx.now();
      const { ids, total } = await listMyCourseIds(
        db,
        actor.user.id,
        { includeEnded: request.query.includeEnded ?? false, now },
        request.query,
      );
      reply.headers(paginationTotal(total));
      return presentCourses(db, actor.user, await listedPostsByIds(db, actor.user.id, ids), now);
    },
  });
}
