import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { notificationSendingSchemas } from './notification-sending.schemas';

/** `/api/portal-service/v1/notification/…` (spec §7): sending, the history and the outbox. */
export const notificationSendingEndpoints = declareEndpoints<typeof notificationSendingSchemas>()(
  apiRoots.portal,
  {
    send: 'POST /notification/send',
    history: 'GET /notification/history',
    recipients: 'GET /notification/history/:id/recipient',
    outbox: 'GET /notification/outbox',
    outboxInfo: 'GET /notification/outbox/info',
  },
);
