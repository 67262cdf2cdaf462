import { format, sv } from '@skolportalen/shared';
import { courseAttendeeEndpoints } from '@skolportalen/shared/endpoints/courses';
import { courseAttendeeSchemas } from '@skolportalen/shared/endpoints/courses.schemas';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerEndpoints } from '../../http/endpoint-routes';
import { authorize } from '../../identity/authorize';
import { identityScopeOf } from '../../identity/protected-identity';
import { errors } from '../../http/errors';
import type { RouteDeps } from '../../http/route-deps';
import { contentDisposition } from '../media/media-files.routes';
import { attendeesOf } from './course-attendees.repo';
import { createCourseMailer } from './course-mailer';
import { courseFacts, presentAttendee } from './course-present';
import { courseActorOf, type CoursesContext } from './courses.context';
import { coursesPolicy } from './courses.policy';
import { findCourseForViewer } from './courses.repo';
import { cancelAttendee, changeAttendee } from './course-attendee-changes.service';
import { bookExternal, bookUser } from './course-booking.service';
import { attendeesCsv } from './course-csv';
import { messageAttendees } from './course-message.service';

/** A spreadsheet download, sent as text/csv (not through the response schema). */
function sendCsv(reply: FastifyReply, body: string, fileName: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-disposition', contentDisposition('attachment', fileName))
    .send(body);
}

/**
 * `/api/core/v1` booking (spec §7 "course" attendee calls), and beyond the
 * spec: the organisers' export and e-mail to the attendees.
 */
export async function courseAttendeeRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { db, cache } = deps;
  const ctx: CoursesContext = {
    db,
    cache,
    siteOrigin: deps.config.siteOrigin,
    now: deps.clock,
    mailer: createCourseMailer(deps),
  };

  registerEndpoints(app, courseAttendeeEndpoints, courseAttendeeSchemas, {
    book: async (request) => {
      const actor = await courseActorOf(request, db);
      const record = await bookUser(
        ctx,
        actor,
        request.params.id,
        request.params.userId,
        request.body,
      );
      return presentAttendee(record);
    },
    bookExternal: async (request) => {
      const actor = await courseActorOf(request, db);
      const record = await bookExternal(ctx, actor, request.params.id, request.body);
      return presentAttendee(record);
    },
    change: async (request) => {
      const actor = await courseActorOf(request, db);
      const record = await changeAttendee(
        ctx,
        actor,
        request.params.id,
        request.params.userId,
        request.body,
      );
      return presentAttendee(record);
    },
    cancel: async (request) => {
      const actor = await courseActorOf(request, db);
      await cancelAttendee(ctx, actor, request.params.id, request.params.userId);
      return { ok: true as const };
    },
    exportCsv: async (request, reply) => {
      const actor = await courseActorOf(request, db);
      const row = await findCourseForViewer(db, actor.viewer, request.params.id);
      if (!row) throw errors.notFound(sv.courses.errors.notACourse);
      authorize(actor.user, coursesPolicy.manage, courseFacts(row));
      const csv = attendeesCsv(
        row.post.course?.attendeeInformation ?? [],
        await attendeesOf(db, await identityScopeOf(db, actor.user), row.post.id),
      );
      return sendCsv(reply, csv, format(sv.courses.csv.fileName, { slug: row.post.slug }));
    },
    message: {
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      handler: async (request) => {
        const actor = await courseActorOf(request, db);
        return messageAttendees(ctx, actor, request.params.id, request.body);
      },
    },
  });
}
