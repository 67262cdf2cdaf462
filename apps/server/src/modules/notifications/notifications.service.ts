import {
  sv,
  type RecipientPreview,
  type sendNotificationRequest,
  type z,
} from '@skolportalen/shared';
import type { Database } from '../../db/client';
import type { JobService } from '../../jobs/job-service';
import type { Actor } from '../../identity/actor';
import { errors } from '../../http/errors';
import { identityScopeOf } from '../../identity/protected-identity';
import { recordAudit } from '../audit/audit.repo';
import { presentNotifications } from './notification-history.repo';
import { assertAudienceExists, previewOf, resolveAudience } from './notification-audience.repo';
import { fanOutQueue, queueNotification } from './notification-jobs';
import { setStatus } from './my-notifications.repo';

const e = sv.notifications.errors;

/**
 * POST /notification/send: counts the audience, and unless it is a dry run
 * queues the notification and its fan-out job in one transaction with the
 * audit entry. The recipients are resolved again by the job, so a class that
 * changes in between is reached as it is when the mail goes out.
 */
export async function sendNotification(
  db: Database,
  jobs: JobService,
  actor: Actor,
  request: z.output<typeof sendNotificationRequest>,
) {
  await assertAudienceExists(db, request.audience);
  const preview: RecipientPreview = previewOf(await resolveAudience(db, request.audience));
  if (request.dryRun) return { preview, notification: null };
  if (preview.recipientCount === 0) {
    throw errors.validation([{ field: 'audience', message: e.noRecipients }]);
  }
  const row = await db.transaction(async (tx) => {
    const created = await queueNotification(tx, jobs, {
      subject: request.subject,
      text: request.text,
      audience: request.audience,
      createdBy: actor.user.id,
      source: 'manual',
    });
    if (!created) throw errors.conflict();
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'notification.send',
      entityType: 'notification',
      entityId: created.id,
      after: { subject: created.subject, audience: request.audience, preview },
      requestId: actor.requestId,
    });
    return created;
  });
  jobs.wake(fanOutQueue);
  const scope = await identityScopeOf(db, actor.user);
  const [notification] = await presentNotifications(db, scope, [row]);
  return { preview, notification: notification! };
}

/** All or nothing: a notification that is not the user's refuses the whole request. */
export async function setOwnStatus(
  db: Database,
  userId: number,
  notificationIds: number[],
  status: 'read' | 'unread' | 'dismissed',
) {
  await db.transaction(async (tx) => {
    const updated = await setStatus(tx, userId, notificationIds, status);
    if (updated !== notificationIds.length) throw errors.notFound(e.notYours);
  });
}
