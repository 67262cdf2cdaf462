import { apiRoots } from '../api-roots';
import { declareEndpoints } from './endpoint';
import type { notificationSchemas } from './notifications.schemas';

/** `/api/portal-service/v1`: the signed-in user's own notifications (spec §7) and mail setting. */
export const notificationEndpoints = declareEndpoints<typeof notificationSchemas>()(
  apiRoots.portal,
  {
    list: 'GET /notification',
    date: 'GET /notification/date',
    setStatus: 'POST /user/SetNotificationStatus',
    settings: 'GET /user/notification-settings',
    saveSettings: 'PUT /user/notification-settings',
  },
);
