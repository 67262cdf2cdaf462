import { idParams, listQuery } from '../schemas/common';
import {
  notificationRecipientQuery,
  notificationRecipientResponse,
  outboxInfoResponse,
  outboxMailResponse,
  outboxQuery,
  sendNotificationRequest,
  sendNotificationResponse,
  sentNotificationResponse,
} from '../schemas/notification';
import { z } from '../schemas/zod-sv';
import { endpointSchemas } from './endpoint';

/**
 * Sending to an audience (send_notification and admin), with the history and
 * outbox behind it; the routes are in ./notification-sending.ts.
 */
export const notificationSendingSchemas = endpointSchemas('notification', {
  send: {
    summary:
      'Skicka ett utskick till grupper, roller och personer (kräver send_notification och administratör); dryRun räknar bara mottagarna',
    body: sendNotificationRequest,
    response: sendNotificationResponse,
    // 202 when a notification was queued, 200 for a dry run that only counted.
    status: [200, 202],
  },
  history: {
    summary: 'Skickade utskick med mottagare och hur det gick, nyaste först',
    query: listQuery,
    response: z.array(sentNotificationResponse),
  },
  recipients: {
    summary: 'Ett utskicks mottagare med status för e-post och läsning; filter delivery[]',
    params: idParams,
    query: notificationRecipientQuery,
    response: z.array(notificationRecipientResponse),
  },
  outbox: {
    summary: 'Utkorgen: portalens e-post, nyaste först; filter status[] och notificationId',
    query: outboxQuery,
    response: z.array(outboxMailResponse),
  },
  outboxInfo: {
    summary: 'Om e-posten skickas via en e-postserver eller bara sparas i utkorgen',
    response: outboxInfoResponse,
  },
});
