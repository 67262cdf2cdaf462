import { administers } from '../../identity/admin-access';

/**
 * Sending to an audience, and the history and outbox behind it, belong to
 * administrators holding send_notification (spec §7 notification); each
 * user's own notifications need only a session.
 */
export const notificationsPolicy = {
  send: administers({ granted: ['send_notification'] }),
};
