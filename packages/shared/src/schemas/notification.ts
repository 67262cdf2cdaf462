import { notificationTexts } from '../texts/notifications';
import { sv } from '../texts/sv';
import { id, listQuery, stringList } from './common';
import { z } from './zod-sv';

const t = notificationTexts;

/** Bounds of a notification (beyond the spec, which shows none). */
export const notificationLimits = { subjectMax: 200, textMax: 10_000 } as const;

const idSet = (max: number) =>
  z
    .array(id)
    .max(max)
    .default([])
    .transform((list) => [...new Set(list)]);

/**
 * Who a notification is for: groups (and the groups below them), role
 * categories, and individual people, combined as for posts (decision 0011):
 * groups and roles together mean the groups' members who hold one of the
 * roles, and a guardian counts as a member of their children's groups — so
 * "class 3A" with "Vårdnadshavare" is the guardians of 3A's pupils.
 */
export const notificationAudience = z
  .strictObject({
    nodeIds: idSet(500),
    categoryIds: idSet(100),
    userIds: idSet(2000),
  })
  .refine(
    (audience) =>
      audience.nodeIds.length + audience.categoryIds.length + audience.userIds.length > 0,
    { message: t.errors.audienceRequired },
  );
export type NotificationAudienceInput = z.input<typeof notificationAudience>;

/** Checked even when another field failed, so every problem is reported at once. */
const whenObject = (payload: { value: unknown }) =>
  typeof payload.value === 'object' && payload.value !== null;
const required = sv.validation.required;

/**
 * POST /portal-service/v1/notification/send. `dryRun` only counts the
 * recipients, so it needs only the audience; sending needs subject and text.
 */
export const sendNotificationRequest = z
  .strictObject({
    subject: z.string().trim().max(notificationLimits.subjectMax).default(''),
    text: z.string().trim().max(notificationLimits.textMax).default(''),
    audience: notificationAudience,
    dryRun: z.boolean().default(false),
  })
  .refine((request) => request.dryRun || Boolean(request.subject), {
    message: required,
    path: ['subject'],
    when: whenObject,
  })
  .refine((request) => request.dryRun || Boolean(request.text), {
    message: required,
    path: ['text'],
    when: whenObject,
  });
export type SendNotificationRequest = z.input<typeof sendNotificationRequest>;

export const recipientPreview = z.object({
  recipientCount: z.number(),
  /** Mails to send: recipients with an address who have not opted out, one per address. */
  mailCount: z.number(),
  noEmailCount: z.number(),
  optedOutCount: z.number(),
});
export type RecipientPreview = z.infer<typeof recipientPreview>;

export const notificationSources = ['manual', 'post', 'approval', 'review'] as const;
export const notificationStates = ['queued', 'sending', 'sent', 'failed'] as const;
export const mailStatuses = ['pending', 'sending', 'sent', 'kept', 'failed'] as const;
export const recipientDeliveries = [...mailStatuses, 'no_email', 'opted_out'] as const;
export type RecipientDelivery = (typeof recipientDeliveries)[number];

const named = z.object({ id: z.number(), name: z.string() });

export const sentNotificationResponse = z.object({
  id: z.number(),
  subject: z.string(),
  text: z.string(),
  source: z.enum(notificationSources),
  postId: z.number().nullable(),
  state: z.enum(notificationStates),
  createdAt: z.string(),
  createdBy: named.nullable(),
  audience: z.object({
    groups: z.array(named),
    categories: z.array(named),
    users: z.array(named),
  }),
  counts: z.object({
    recipients: z.number(),
    mails: z.number(),
    sent: z.number(),
    kept: z.number(),
    failed: z.number(),
    waiting: z.number(),
    noEmail: z.number(),
    optedOut: z.number(),
    read: z.number(),
  }),
});
export type SentNotificationResponse = z.infer<typeof sentNotificationResponse>;

export const sendNotificationResponse = z.object({
  preview: recipientPreview,
  /** The queued notification; null for a dry run. */
  notification: sentNotificationResponse.nullable(),
});
export type SendNotificationResponse = z.infer<typeof sendNotificationResponse>;

export const notificationRecipientResponse = z.object({
  /** A protected identity the reader may not see: "Skyddad identitet", no username (decision 0039). */
  user: z.object({ id: z.number(), name: z.string(), username: z.string().nullable() }),
  delivery: z.enum(recipientDeliveries),
  address: z.string().nullable(),
  sentAt: z.string().nullable(),
  error: z.string().nullable(),
  readState: z.enum(['unread', 'read', 'dismissed']),
});
export type NotificationRecipientResponse = z.infer<typeof notificationRecipientResponse>;

export const notificationRecipientQuery = listQuery.extend({
  delivery: stringList(z.enum(recipientDeliveries)),
});
export type NotificationRecipientQuery = z.input<typeof notificationRecipientQuery>;

export const outboxMailResponse = z.object({
  id: z.number(),
  notificationId: z.number().nullable(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(mailStatuses),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMailResponse = z.infer<typeof outboxMailResponse>;

export const outboxQuery = listQuery.extend({
  status: stringList(z.enum(mailStatuses)),
  notificationId: id.optional(),
});
export type OutboxQuery = z.input<typeof outboxQuery>;

/** Whether mail leaves the portal (an SMTP server is configured) or is only kept in the outbox. */
export const outboxInfoResponse = z.object({ delivers: z.boolean(), from: z.string() });
export type OutboxInfoResponse = z.infer<typeof outboxInfoResponse>;

/** One of the signed-in user's own notifications (the bell). */
export const myNotificationResponse = z.object({
  id: z.number(),
  subject: z.string(),
  text: z.string(),
  source: z.enum(notificationSources),
  postId: z.number().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type MyNotificationResponse = z.infer<typeof myNotificationResponse>;

export const myNotificationQuery = listQuery.extend({
  unread: z.enum(['true', 'false']).optional(),
});
export type MyNotificationQuery = z.input<typeof myNotificationQuery>;

/** GET /notification/date: when the user last got a notification and last read one. */
export const notificationDateResponse = z.object({
  lastSentAt: z.string().nullable(),
  lastReadAt: z.string().nullable(),
  unreadCount: z.number(),
});
export type NotificationDateResponse = z.infer<typeof notificationDateResponse>;

/** POST /user/SetNotificationStatus: the user's own status of one or more notifications. */
export const setNotificationStatusRequest = z.strictObject({
  notificationIds: z
    .array(id)
    .min(1)
    .max(500)
    .transform((list) => [...new Set(list)]),
  status: z.enum(['read', 'unread', 'dismissed']),
});
export type SetNotificationStatusRequest = z.input<typeof setNotificationStatusRequest>;

/** The user's choice about mail from the portal (profile). */
export const notificationSettingsResponse = z.object({
  email: z.boolean(),
  address: z.string().nullable(),
});
export type NotificationSettingsResponse = z.infer<typeof notificationSettingsResponse>;
export const notificationSettingsRequest = z.strictObject({ email: z.boolean() });
export type NotificationSettingsRequest = z.input<typeof notificationSettingsRequest>;
