import { notificationEndpoints } from '@skolportalen/shared/endpoints/notifications';
import { notificationSchemas } from '@skolportalen/shared/endpoints/notifications.schemas';
import { notificationSendingEndpoints } from '@skolportalen/shared/endpoints/notification-sending';
import { notificationSendingSchemas } from '@skolportalen/shared/endpoints/notification-sending.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../identity/actor';
import { authOf } from '../../identity/authenticate';
import { registerEndpoints } from '../../http/endpoint-routes';
import { errors } from '../../http/errors';
import { paginationTotal, type RouteDeps } from '../../http/route-deps';
import { identityScopeOf } from '../../identity/protected-identity';
import { assertActingAsSelf } from '../../identity/session-policy';
import { createMailer } from '../../mail/mailer';
import { listMine, notificationDates, saveSettings, settingsOf } from './my-notifications.repo';
import { listNotifications, listOutbox, listRecipients } from './notification-history.repo';
import type { MailAddition } from './mail-additions';
import { registerNotificationJobs, type MailLanguage } from './notification-jobs';
import { findNotificationRow } from './notifications.repo';
import { notificationsPolicy } from './notifications.policy';
import { sendNotification, setOwnStatus } from './notifications.service';

/**
 * `/api/portal-service/v1/notification…` and the user's notification calls
 * (spec §7): sending to an audience (send_notification and admin), the
 * history and outbox behind it, and each user's own notifications. Mails
 * about posts go in each recipient's language when the mount gives a
 * `mailLanguage`, and carry what the mount's `additions` make for each
 * recipient as they go out (mail-additions.ts).
 */
export const notificationRoutes = ({
  mailLanguage,
  additions = [],
}: { mailLanguage?: MailLanguage; additions?: readonly MailAddition[] } = {}) =>
  async function notificationRoutesPlugin(app: FastifyInstance, deps: RouteDeps) {
    const { db, jobs, config } = deps;
    const mailer = createMailer(config.mail);
    registerNotificationJobs({
      db,
      jobs,
      mailer,
      mail: config.mail,
      log: app.log,
      mailLanguage,
      clock: deps.clock,
      additions,
    });

    // Every sending route requires the sender's right in its definition.
    const sender = { config: { requires: notificationsPolicy.send } };

    registerEndpoints(app, notificationSendingEndpoints, notificationSendingSchemas, {
      send: {
        ...sender,
        handler: async (request, reply) => {
          const result = await sendNotification(db, jobs, actorOf(request), request.body);
          reply.code(result.notification ? 202 : 200);
          return result;
        },
      },
      history: {
        ...sender,
        handler: async (request, reply) => {
          const { items, total } = await listNotifications(
            db,
            await identityScopeOf(db, authOf(request).user),
            request.query.page,
            request.query.perPage,
          );
          reply.headers(paginationTotal(total));
          return items;
        },
      },
      recipients: {
        ...sender,
        handler: async (request, reply) => {
          if (!(await findNotificationRow(db, request.params.id))) throw errors.notFound();
          const { delivery, page, perPage } = request.query;
          const { items, total } = await listRecipients(
            db,
            await identityScopeOf(db, authOf(request).user),
            request.params.id,
            delivery,
            page,
            perPage,
          );
          reply.headers(paginationTotal(total));
          return items;
        },
      },
      outbox: {
        ...sender,
        handler: async (request, reply) => {
          const { status, notificationId, page, perPage } = request.query;
          const { items, total } = await listOutbox(
            db,
            await identityScopeOf(db, authOf(request).user),
            { statuses: status, notificationId },
            page,
            perPage,
          );
          reply.headers(paginationTotal(total));
          return items;
        },
      },
      outboxInfo: {
        ...sender,
        handler: async () => {
          return { delivers: mailer.delivers, from: config.mail.from };
        },
      },
    });

    registerEndpoints(app, notificationEndpoints, notificationSchemas, {
      list: async (request, reply) => {
        const { unread, page, perPage } = request.query;
        const { user } = authOf(request);
        const { items, total } = await listMine(db, user.id, unread === 'true', page, perPage);
        reply.headers(paginationTotal(total));
        return items;
      },
      date: {
        firstScreen: true,
        read: async (request) => ({ answer: await notificationDates(db, authOf(request).user.id) }),
      },
      setStatus: async (request) => {
        const { user } = authOf(request);
        await setOwnStatus(db, user.id, request.body.notificationIds, request.body.status);
        return notificationDates(db, user.id);
      },
      settings: async (request) => settingsOf(db, authOf(request).user.id),
      saveSettings: async (request) => {
        // Like the address itself, only the person chooses whether mail goes to it.
        await assertActingAsSelf(db, authOf(request));
        const { user } = authOf(request);
        await saveSettings(db, user.id, request.body.email);
        return settingsOf(db, user.id);
      },
    });
  };
