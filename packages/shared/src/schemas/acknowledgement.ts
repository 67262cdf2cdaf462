import { postTypes, type PostType } from '../content/post-types';
import { id, listQuery } from './common';
import { z } from './zod-sv';

/**
 * Must-read notices (decision 0040): a post that requires its readers to
 * confirm they have read it, optionally by a deadline.
 */

/** The post types an editor may mark "Kräver läsbekräftelse": news, information messages, crisis alerts, pages. */
export const acknowledgeableTypes: readonly PostType[] = [
  'news',
  'info',
  'info-important',
  'alert',
  'page',
  'page-related',
];

/**
 * Who must confirm for a pupil reached through their guardians: any one
 * guardian (`each-reader`), or every guardian (`each-guardian`). Readers
 * reached themselves always confirm for themselves.
 */
export const acknowledgementModes = ['each-reader', 'each-guardian'] as const;
export type AcknowledgementMode = (typeof acknowledgementModes)[number];

/** Where an acknowledgement was given: in the portal, or through the notification mail's link. */
export const acknowledgementChannels = ['portal', 'email-link'] as const;
export type AcknowledgementChannel = (typeof acknowledgementChannels)[number];

export const acknowledgementStates = ['acknowledged', 'pending', 'overdue'] as const;
export type AcknowledgementState = (typeof acknowledgementStates)[number];

/** Reminders: hours before the deadline; one a day before by default. */
export const defaultReminderHoursBefore = [24];
export const maxReminders = 5;
/** A reminder at most thirty days before the deadline. */
export const maxReminderHoursBefore = 720;

/** One of the reader's children a post reached (the per-child badge of a guardian's feed). */
export const reachedChild = z.object({ id: z.number(), name: z.string() });
export type ReachedChild = z.infer<typeof reachedChild>;

/**
 * What a must-read post asks of the signed-in reader: null when it asks
 * nothing of them (not must-read, or they are not among its readers, e.g.
 * its author). A guardian reached through children confirms per child.
 */
export const myAcknowledgement = z.object({
  /** Nothing left to confirm: every child (or the reader) is done. */
  acknowledged: z.boolean(),
  /** Not done and the deadline has passed. */
  overdue: z.boolean(),
  /** When the reader confirmed for themselves (null for a guardian confirming per child). */
  acknowledgedAt: z.string().nullable(),
  /** For a guardian: each child the post reached; empty for a reader reached themselves. */
  children: z.array(
    reachedChild.extend({
      /** Done for this child: by this reader, or (one confirmation per child) by another guardian. */
      acknowledged: z.boolean(),
      /** This reader confirmed for this child. */
      acknowledgedByMe: z.boolean(),
    }),
  ),
});
export type MyAcknowledgement = z.infer<typeof myAcknowledgement>;

/** POST /post/{id}/acknowledge: a guardian may name the children; none means every child reached. */
export const acknowledgeRequest = z
  .strictObject({
    childIds: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(50).optional(),
  })
  .nullish()
  .transform((value) => ({ childIds: value?.childIds ? [...new Set(value.childIds)] : undefined }));

export const acknowledgeResponse = z.object({
  postId: z.number(),
  /** How many confirmations this request recorded (0 when all were recorded before). */
  recorded: z.number(),
  myAcknowledgement,
});

/** GET /post/{id}/acknowledgements: the report's rows, filtered and paged. */
export const acknowledgementReportQuery = z.object({
  page: listQuery.shape.page,
  perPage: listQuery.shape.perPage,
  /** The acknowledger's (for a guardian: the child's) group or any group below it. */
  nodeId: id.optional(),
  /** The acknowledger's main role, e.g. role_caretaker. */
  role: z
    .string()
    .trim()
    .max(64)
    .regex(/^[a-z_]+$/)
    .optional(),
  state: z.enum(acknowledgementStates).optional(),
  /** csv: the whole (filtered) report as a spreadsheet file instead of a page of JSON. */
  format: z.enum(['json', 'csv']).default('json'),
});
export type AcknowledgementReportQuery = z.input<typeof acknowledgementReportQuery>;

/**
 * One expected acknowledgement: a reader reached themselves, or a guardian
 * for one child. A person the viewer may not see (decision 0039) is named
 * "Skyddad identitet", without id, school or class; so is the guardian of
 * such a child, whose row would tell the relation.
 */
export const acknowledgementRow = z.object({
  kind: z.enum(['reader', 'guardian']),
  userId: z.number().nullable(),
  name: z.string(),
  role: z.string().nullable(),
  childId: z.number().nullable(),
  childName: z.string().nullable(),
  schoolId: z.number().nullable(),
  schoolName: z.string().nullable(),
  classId: z.number().nullable(),
  className: z.string().nullable(),
  state: z.enum(acknowledgementStates),
  /** When this person confirmed (for this child); null if they have not. */
  acknowledgedAt: z.string().nullable(),
  via: z.enum(acknowledgementChannels).nullable(),
  /** They have opened the post (read-marking). */
  opened: z.boolean(),
});
export type AcknowledgementRow = z.infer<typeof acknowledgementRow>;

const stateCounts = {
  total: z.number(),
  acknowledged: z.number(),
  pending: z.number(),
  overdue: z.number(),
};

/**
 * GET /post/{id}/acknowledgement-summary: counted per unit — a reader
 * reached themselves, or a child reached through their guardians (done by
 * one guardian or by all, as the post asks) — so a guardian with two
 * children is two units and a child with two guardians one.
 */
export const acknowledgementSummary = z.object({
  postId: z.number(),
  acknowledgement: z.enum(acknowledgementModes),
  acknowledgeBy: z.string().nullable(),
  ...stateCounts,
  bySchool: z.array(
    z.object({ id: z.number().nullable(), name: z.string().nullable(), ...stateCounts }),
  ),
  byClass: z.array(
    z.object({
      id: z.number().nullable(),
      name: z.string().nullable(),
      schoolId: z.number().nullable(),
      ...stateCounts,
    }),
  ),
  byRole: z.array(z.object({ role: z.string().nullable(), ...stateCounts })),
  /**
   * People, not units: mailed about the post (its notification), who opened
   * it, who confirmed at least once — each among those expected to confirm.
   */
  funnel: z.object({ sent: z.number(), opened: z.number(), acknowledged: z.number() }),
});
export type AcknowledgementSummary = z.infer<typeof acknowledgementSummary>;

/**
 * GET /acknowledgement-reports: the published must-read notices whose report
 * the viewer may read — those they wrote or edit, those reaching a school of
 * theirs (a rektor), every one (administrators) — newest first.
 */
export const acknowledgementReportsQuery = z.object({
  page: listQuery.shape.page,
  perPage: listQuery.shape.perPage,
});

/**
 * One notice in that list: what tells it apart, and the way to its report.
 * No more of its content than that: a rektor may read the report of a notice
 * she is not among the readers of (a notice to guardians).
 */
export const acknowledgementReportItem = z.object({
  id: z.number(),
  type: z.enum(postTypes),
  title: z.string(),
  /** The reading page, when the viewer may read the post; null otherwise. */
  url: z.string().nullable(),
  author: z.object({ id: z.number(), name: z.string() }).nullable(),
  publishedDate: z.string().nullable(),
  acknowledgeBy: z.string().nullable(),
  acknowledgement: z.enum(acknowledgementModes),
});
export type AcknowledgementReportItem = z.infer<typeof acknowledgementReportItem>;
