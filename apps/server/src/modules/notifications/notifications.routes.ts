import {
  errorBody,
  idParams,
  listQuery,
  myNotificationQuery,
  myNotificationResponse,
  notificationDateResponse,
  notificationRecipientQuery,
  notificationRecipientResponse,
  notificationSettingsRequest,
  notificationSettingsResponse,
  outboxInfoResponse,
  outboxMailResponse,
  outboxQuery,
  sendNotificationRequest,
  sendNotificationResponse,
  sentNotificationResponse,
  setNotificationStatusRequest,
  z,
} from '@skolportalen/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../identity/actor';
import { assertAdminister } from '../../identity/admin-access';
import { authOf } from '../../identity/authenticate';
import { errors } from '../../http/errors';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { assertActingAsSelf } from '../../identity/session-policy';
import { createMailer } from '../../mail/mailer';
import { listMine, notificationDates, saveSettings, settingsOf } from './my-notifications.repo';
import { listNotifications, listOutbox, listRecipients } from './notification-history.repo';
import { registerNotificationJobs } from './notification-jobs';
import { findNotificationRow } from './notifications.repo';
import { sendNotification, setOwnStatus } from './notifications.service';

const answers = { 400: errorBody, 401: errorBody, 403: errorBody };

/**
 * `/api/portal-service/v1/notification…` and the user's notification calls
 * (spec §7): sending to an audience (send_notification and admin), the
 * history and outbox behind it, and each user's own notifications.
 */
export async function notificationRoutes(app: FastifyInstance, deps: RouteDeps) {
  const { db, jobs, config } = deps;
  const mailer = createMailer(config.mail);
  registerNotificationJobs({ db, jobs, mailer, mail: config.mail, log: app.log });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const authorizeSender = (request: FastifyRequest) =>
    assertAdminister(authOf(request).user, { granted: ['send_notification'] });

  r.post(
    '/notification/send',
    {
      schema: {
        tags: ['notification'],
        summary:
          'Skicka ett utskick till grupper, roller och personer (kräver send_notification och administratör); dryRun räknar bara mottagarna',
        body: sendNotificationRequest,
        response: { 200: sendNotificationResponse, 202: sendNotificationResponse, ...answers },
      },
    },
    async (request, reply) => {
      authorizeSender(request);
      const result = await sendNotification(db, jobs, actorOf(request), request.body);
      return reply.status(result.notification ? 202 : 200).send(result);
    },
  );

  r.get(
    '/notification/history',
    {
      schema: {
        tags: ['notification'],
        summary: 'Skickade utskick med mottagare och hur det gick, nyaste först',
        querystring: listQuery,
        response: { 200: z.array(sentNotificationResponse), ...answers },
      },
    },
    async (request, reply) => {
      authorizeSender(request);
      const { items, total } = await listNotifications(
        db,
        request.query.page,
        request.query.perPage,
      );
      reply.headers(paginationTotal(total));
      return items;
    },
  );

  r.get(
    '/notification/history/:id/recipient',
    {
      schema: {
        tags: ['notification'],
        summary: 'Ett utskicks mottagare med status för e-post och läsning; filter delivery[]',
        params: idParams,
        querystring: notificationRecipientQuery,
        response: { 200: z.array(notificationRecipientResponse), ...answers, 404: errorBody },
      },
    },
    async (request, reply) => {
      authorizeSender(request);
      if (!(await findNotificationRow(db, request.params.id))) throw errors.notFound();
      const { delivery, page, perPage } = request.query;
      const { items, total } = await listRecipients(db, request.params.id, delivery, page, perPage);
      reply.headers(paginationTotal(total));
      return items;
    },
  );

  r.get(
    '/notification/outbox',
    {
      schema: {
        tags: ['notification'],
        summary: 'Utkorgen: portalens e-post, nyaste först; filter status[] och notificationId',
        querystring: outboxQuery,
        response: { 200: z.array(outboxMailResponse), ...answers },
      },
    },
    async (request, reply) => {
      authorizeSender(request);
      const { status, notificationId, page, perPage } = request.query;
      const { items, total } = await listOutbox(
        db,
        { statuses: status, notificationId },
        page,
        perPage,
      );
      reply.headers(paginationTotal(total));
      return items;
    },
  );

  r.get(
    '/notification/outbox/info',
    {
      schema: {
        tags: ['notification'],
        summary: 'Om e-posten skickas via en e-postserver eller bara sparas i utkorgen',
        response: { 200: outboxInfoResponse, ...answers },
      },
    },
    async (request) => {
      authorizeSender(request);
      return { delivers: mailer.delivers, from: config.mail.from };
    },
  );

  r.get(
    '/notification',
    {
      schema: {
        tags: ['notification'],
        summary: 'Mina notiser, nyaste först; unread=true ger bara olästa',
        querystring: myNotificationQuery,
        response: { 200: z.array(myNotificationResponse), 400: errorBody, 401: errorBody },
      },
    },
    async (request, reply) => {
      const { unread, page, perPage } = request.query;
      const { user } = authOf(request);
      const { items, total } = await listMine(db, user.id, unread === 'true', page, perPage);
      reply.headers(paginationTotal(total));
      return items;
    },
  );

  r.get(
    '/notification/date',
    {
      schema: {
        tags: ['notification'],
        summary: 'När jag senast fick och läste en notis, och hur många som är olästa',
        response: { 200: notificationDateResponse, 401: errorBody },
      },
    },
    async (request) => notificationDates(db, authOf(request).user.id),
  );

  r.post(
    '/user/SetNotificationStatus',
    {
      schema: {
        tags: ['notification'],
        summary: 'Markera mina notiser som lästa, olästa eller borttagna',
        body: setNotificationStatusRequest,
        response: { 200: notificationDateResponse, 400: errorBody, 401: errorBody, 404: errorBody },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      await setOwnStatus(db, user.id, request.body.notificationIds, request.body.status);
      return notificationDates(db, user.id);
    },
  );

  r.get(
    '/user/notification-settings',
    {
      schema: {
        tags: ['notification'],
        summary: 'Om jag vill få utskick som e-post',
        response: { 200: notificationSettingsResponse, 401: errorBody },
      },
    },
    async (request) => settingsOf(db, authOf(request).user.id),
  );

  r.put(
    '/user/notification-settings',
    {
      schema: {
        tags: ['notification'],
        summary: 'Slå på eller av utskick som e-post',
        body: notificationSettingsRequest,
        response: { 200: notificationSettingsResponse, ...answers },
      },
    },
    async (request) => {
      // Like the address itself, only the person chooses whether mail goes to it.
      await assertActingAsSelf(db, authOf(request));
      const { user } = authOf(request);
      await saveSettings(db, user.id, request.body.email);
      return settingsOf(db, user.id);
    },
  );
}
