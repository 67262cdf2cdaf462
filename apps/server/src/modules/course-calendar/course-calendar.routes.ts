import { sv } from '@skolportalen/shared';
import { courseCalendarEndpoints } from '@skolportalen/shared/endpoints/course-calendar';
import { courseCalendarSchemas } from '@skolportalen/shared/endpoints/course-calendar.schemas';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerEndpoints } from '../../http/endpoint-routes';
import { actorOf } from '../../identity/actor';
import { errors } from '../../http/errors';
import type { RouteDeps } from '../../http/route-deps';
import { recordAudit } from '../audit/audit.repo';
import { courseActorOf } from '../courses/courses.context';
import { findCourseForViewer } from '../courses/courses.repo';
import { contentDisposition } from '../media/media-files.routes';
import { bookedCoursesCalendar, courseCalendar } from './course-calendar';
import {
  deleteFeedToken,
  feedOwner,
  feedTokenCreated,
  replaceFeedToken,
} from './course-feed-tokens.repo';

/** An iCalendar answer, sent as text/calendar (not through the response schema). */
function sendCalendar(reply: FastifyReply, body: string, headers: Record<string, string>) {
  return reply.type('text/calendar; charset=utf-8').headers(headers).send(body);
}

/**
 * Beyond the spec: a course as an iCalendar file, and a personal feed of
 * one's booked courses that calendar programs subscribe to with a secret
 * address (decision 0013).
 */
export async function courseCalendarRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { db, clock } = deps;
  const siteOrigin = deps.config.siteOrigin;
  const feedUrl = (secret: string) => `${siteOrigin}/api/core/v1/course-feed/${secret}.ics`;

  const signedIn = { onRequest: [app.authenticate] };
  registerEndpoints(app, courseCalendarEndpoints, courseCalendarSchemas, {
    courseFile: {
      ...signedIn,
      handler: async (request, reply) => {
        const actor = await courseActorOf(request, db);
        const row = await findCourseForViewer(db, actor.viewer, request.params.id);
        if (!row) throw errors.notFound(sv.courses.errors.notACourse);
        return sendCalendar(reply, courseCalendar(row, siteOrigin, clock()), {
          'content-disposition': contentDisposition('attachment', `${row.post.slug}.ics`),
        });
      },
    },
    feedState: {
      ...signedIn,
      handler: async (request) => {
        const created = await feedTokenCreated(db, actorOf(request).user.id);
        return { active: created !== null, created: created?.toISOString() ?? null, url: null };
      },
    },
    createFeed: {
      ...signedIn,
      handler: async (request) => {
        const actor = actorOf(request);
        const now = clock();
        const secret = await db.transaction(async (tx) => {
          const value = await replaceFeedToken(tx, actor.user.id, now);
          await recordAudit(tx, {
            actorUserId: actor.user.id,
            realUserId: actor.realUserId,
            action: 'course.feed.created',
            entityType: 'user',
            entityId: actor.user.id,
            requestId: actor.requestId,
          });
          return value;
        });
        return { active: true, created: now.toISOString(), url: feedUrl(secret) };
      },
    },
    deleteFeed: {
      ...signedIn,
      handler: async (request) => {
        const actor = actorOf(request);
        await db.transaction(async (tx) => {
          await deleteFeedToken(tx, actor.user.id);
          await recordAudit(tx, {
            actorUserId: actor.user.id,
            realUserId: actor.realUserId,
            action: 'course.feed.revoked',
            entityType: 'user',
            entityId: actor.user.id,
            requestId: actor.requestId,
          });
        });
        return { active: false, created: null, url: null };
      },
    },
    // The secret address is the key: no session, a tighter rate limit.
    feed: {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      handler: async (request, reply) => {
        const secret = request.params.token.replace(/\.ics$/, '');
        const userId = await feedOwner(db, secret);
        if (userId === null) throw errors.notFound(sv.courses.errors.feedNotFound);
        const body = await bookedCoursesCalendar(db, userId, siteOrigin, clock());
        return sendCalendar(reply, body, { 'cache-control': 'private, max-age=300' });
      },
    },
  });
}
