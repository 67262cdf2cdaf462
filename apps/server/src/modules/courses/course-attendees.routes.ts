import {
  attendeeUpdateInput,
  bookingInput,
  courseAttendee,
  courseAttendeeParams,
  courseKeyParams,
  courseMessageInput,
  courseMessageResult,
  errorBody,
  externalAttendeeInput,
  format,
  okBody,
  sv,
} from '@skolportalen/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authorize } from '../../identity/authorize';
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

/** A spreadsheet download (the route schema describes only the error bodies). */
function sendCsv(reply: FastifyReply, body: string, fileName: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-disposition', contentDisposition('attachment', fileName))
    .send(body);
}

const writeErrors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
};

/**
 * `/api/core/v1` booking (spec §7 "course" attendee calls), and beyond the
 * spec: the organisers' export and e-mail to the attendees.
 */
export async function courseAttendeeRoutes(app: FastifyInstance, deps: RouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, cache } = deps;
  const ctx: CoursesContext = {
    db,
    cache,
    siteOrigin: deps.config.siteOrigin,
    now: deps.clock,
    mailer: createCourseMailer(deps),
  };

  r.post(
    '/course/:id/attendee/:userId',
    {
      schema: {
        tags: ['course'],
        summary: 'Boka en användare (sig själv, eller någon annan som arrangör)',
        params: courseAttendeeParams,
        body: bookingInput,
        response: { 201: courseAttendee, ...writeErrors },
      },
    },
    async (request, reply) => {
      const actor = await courseActorOf(request, db);
      const record = await bookUser(
        ctx,
        actor,
        request.params.id,
        request.params.userId,
        request.body,
      );
      reply.code(201);
      return presentAttendee(record);
    },
  );

  r.post(
    '/course/:id/attendee-external',
    {
      schema: {
        tags: ['course'],
        summary: 'Boka en extern deltagare (arrangörer); deltagaren får en bekräftelse',
        params: courseKeyParams,
        body: externalAttendeeInput,
        response: { 201: courseAttendee, ...writeErrors },
      },
    },
    async (request, reply) => {
      const actor = await courseActorOf(request, db);
      const record = await bookExternal(ctx, actor, request.params.id, request.body);
      reply.code(201);
      return presentAttendee(record);
    },
  );

  r.put(
    '/course/:id/attendee/:userId',
    {
      schema: {
        tags: ['course'],
        summary: 'Ändra status (arrangörer) eller sina svar',
        params: courseAttendeeParams,
        body: attendeeUpdateInput,
        response: { 200: courseAttendee, ...writeErrors },
      },
    },
    async (request) => {
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
  );

  r.delete(
    '/course/:id/attendee/:userId',
    {
      schema: {
        tags: ['course'],
        summary: 'Avboka; den första på reservlistan får platsen',
        params: courseAttendeeParams,
        response: { 200: okBody, ...writeErrors },
      },
    },
    async (request) => {
      const actor = await courseActorOf(request, db);
      await cancelAttendee(ctx, actor, request.params.id, request.params.userId);
      return { ok: true as const };
    },
  );

  r.get(
    '/course/:id/attendees.csv',
    {
      schema: {
        tags: ['course'],
        summary: 'Deltagarlistan som CSV (arrangörer)',
        params: courseKeyParams,
        response: { 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const actor = await courseActorOf(request, db);
      const row = await findCourseForViewer(db, actor.viewer, request.params.id);
      if (!row) throw errors.notFound(sv.courses.errors.notACourse);
      authorize(actor.user, coursesPolicy.manage, courseFacts(row));
      const csv = attendeesCsv(
        row.post.course?.attendeeInformation ?? [],
        await attendeesOf(db, row.post.id),
      );
      return sendCsv(reply, csv, format(sv.courses.csv.fileName, { slug: row.post.slug }));
    },
  );

  r.post(
    '/course/:id/message',
    {
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ['course'],
        summary: 'E-post till kursens deltagare (arrangörer)',
        params: courseKeyParams,
        body: courseMessageInput,
        response: { 200: courseMessageResult, ...writeErrors, 429: errorBody },
      },
    },
    async (request) => {
      const actor = await courseActorOf(request, db);
      return messageAttendees(ctx, actor, request.params.id, request.body);
    },
  );
}
