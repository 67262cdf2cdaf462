import {
  courseInput,
  courseKeyParams,
  courseListItem,
  courseListQuery,
  courseResponse,
  courseSortColumns,
  errorBody,
  myCourseQuery,
  sv,
  z,
  type PostValues,
} from '@skolportalen/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors } from '../../http/errors';
import { sortOrThrow } from '../../http/list-sort';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { createPost, replacePost, type PostsContext } from '../posts/posts.service';
import { listedPostsByIds } from '../posts/posts.repo';
import { createCourseMailer } from './course-mailer';
import { courseTypeRules } from './course-post-rules';
import { presentCourse, presentCourses } from './course-present';
import { courseActorOf, type CourseActor, type CoursesContext } from './courses.context';
import {
  defaultCourseSort,
  findCourseForViewer,
  listCourseIds,
  listMyCourseIds,
} from './courses.repo';

const readErrors = { 400: errorBody, 401: errorBody, 404: errorBody };
const writeErrors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
};

/** `/api/core/v1` courses (spec §7 "course"): a course is a post of type course. */
export async function courseRoutes(app: FastifyInstance, deps: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
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
  };

  async function present(actor: CourseActor, key: string) {
    const row = await findCourseForViewer(db, actor.viewer, key);
    if (!row) throw errors.notFound(sv.courses.errors.notACourse);
    return presentCourse(db, actor.user, row, ctx.now());
  }

  r.post(
    '/course',
    {
      schema: {
        tags: ['course'],
        summary: 'Skapa en kurs (kräver create_course)',
        body: courseInput,
        response: { 201: courseResponse, ...writeErrors },
      },
    },
    async (request, reply) => {
      const actor = await courseActorOf(request, db);
      const id = await createPost(postsCtx, actor, request.body as PostValues);
      reply.code(201);
      return present(actor, String(id));
    },
  );

  r.get(
    '/course',
    {
      schema: {
        tags: ['course'],
        summary: 'Kurser som den inloggade ser; kommande först',
        querystring: courseListQuery,
        response: { 200: z.array(courseListItem), 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
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
  );

  r.get(
    '/course/:id',
    {
      schema: {
        tags: ['course'],
        summary: 'En kurs med platser, egen bokning och (för arrangörer) deltagarna',
        params: courseKeyParams,
        response: { 200: courseResponse, ...readErrors },
      },
    },
    async (request) => present(await courseActorOf(request, db), request.params.id),
  );

  r.put(
    '/course/:id',
    {
      schema: {
        tags: ['course'],
        summary: 'Ändra en kurs; fler platser går genast till reservlistan',
        params: courseKeyParams,
        body: courseInput,
        response: { 200: courseResponse, ...writeErrors },
      },
    },
    async (request) => {
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
  );

  r.get(
    '/my-course',
    {
      schema: {
        tags: ['course'],
        summary: 'Kurser som den inloggade är anmäld till, med sin status',
        querystring: myCourseQuery,
        response: { 200: z.array(courseListItem), 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
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
  );
}
