import { limits } from '../constants';
import { postStatuses } from '../content/post-types';
import { sv } from '../texts/sv';
import { email, listQuery, optionalText, requiredText } from './common';
import { checkPostRules, postInputObject, postListItem, postResponse } from './post';
import { z } from './zod-sv';
import { attendeeStatuses, courseLimits } from '../content/course-limits';

const v = sv.courses.validation;

export {
  attendeeStatuses,
  courseLimits,
  placeHoldingStatuses,
  type AttendeeStatus,
} from '../content/course-limits';

/**
 * POST /course and PUT /course/{id}: a post of type course. The type may be
 * left out; anything but course is refused.
 */
export const courseInput = postInputObject
  .extend({ type: z.literal('course').default('course') })
  .superRefine(checkPostRules);
export type CourseInput = z.input<typeof courseInput>;

/** One answer to one of the organiser's questions, matched by the question's text. */
export const attendeeAnswer = z.strictObject({
  question: requiredText(limits.infoTitleMax),
  answer: z.string().trim().max(courseLimits.answerMax).default(''),
});
export type AttendeeAnswer = z.infer<typeof attendeeAnswer>;

const answers = z.array(attendeeAnswer).max(20).default([]);

/** POST /course/{id}/attendee/{userId}. Organisers may choose the status; others get what the places allow. */
export const bookingInput = z.strictObject({
  answers,
  status: z.enum(attendeeStatuses).optional(),
});
export type BookingInput = z.input<typeof bookingInput>;

/** POST /course/{id}/attendee-external: someone without an account (organisers only). */
export const externalAttendeeInput = z.strictObject({
  name: requiredText(courseLimits.externalNameMax),
  email,
  organisation: optionalText(courseLimits.organisationMax),
  answers,
  status: z.enum(attendeeStatuses).optional(),
});
export type ExternalAttendeeInput = z.input<typeof externalAttendeeInput>;

/** PUT /course/{id}/attendee/{userId}: organisers change the status; an attendee may change their answers. */
export const attendeeUpdateInput = z
  .strictObject({
    status: z.enum(attendeeStatuses).optional(),
    answers: z.array(attendeeAnswer).max(20).optional(),
  })
  .refine((body) => body.status !== undefined || body.answers !== undefined, {
    message: v.attendeeUpdateEmpty,
    path: ['status'],
  });
export type AttendeeUpdateInput = z.input<typeof attendeeUpdateInput>;

/**
 * `{userId}` of /course/{id}/attendee/{userId}: a user's id for someone with
 * an account, `external-{n}` for an external attendee (decision 0013).
 */
export const attendeeKeyPattern = /^(?:\d{1,10}|external-\d{1,10})$/;
export const courseAttendeeParams = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(limits.postTitleMax + 20),
  userId: z
    .string()
    .regex(attendeeKeyPattern, v.invalidAttendee)
    // Ids are int4: ten digits can still be out of range.
    .refine((key) => Number(key.replace('external-', '')) <= 2_147_483_647, v.invalidAttendee),
});

export const courseKeyParams = z.strictObject({
  id: z
    .string()
    .min(1)
    .max(limits.postTitleMax + 20),
});

export const courseAttendee = z.object({
  /** What `{userId}` takes for this attendee. */
  key: z.string(),
  userId: z.number().nullable(),
  external: z.boolean(),
  name: z.string(),
  /** Shown to organisers and to the attendee themself. */
  email: z.string().nullable(),
  organisation: z.string().nullable(),
  status: z.enum(attendeeStatuses),
  /** 1 for the first in the queue; null unless reserve. */
  reservePosition: z.number().nullable(),
  answers: z.array(attendeeAnswer),
  created: z.string(),
  updated: z.string(),
});
export type CourseAttendee = z.infer<typeof courseAttendee>;

/** Why the signed-in user cannot book right now, if they cannot. */
export const bookingClosedReasons = [
  'not-published',
  'not-bookable',
  'started',
  'no-right',
] as const;
export type BookingClosedReason = (typeof bookingClosedReasons)[number];

/** The places and the signed-in user's part in them; every flag decided by the server. */
export const courseBooking = z.object({
  capacity: z.number(),
  approvedCount: z.number(),
  pendingCount: z.number(),
  reserveCount: z.number(),
  placesLeft: z.number(),
  isFull: z.boolean(),
  started: z.boolean(),
  /** cancellationDate, or the start when none is set. */
  cancellationDeadline: z.string().nullable(),
  closedReason: z.enum(bookingClosedReasons).nullable(),
  myBooking: courseAttendee.nullable(),
  can: z.object({
    /** Book oneself (a free place or the reserve list). */
    book: z.boolean(),
    /** Cancel one's own booking now. */
    cancel: z.boolean(),
    /** See and manage the attendees, export them and e-mail them. */
    manage: z.boolean(),
  }),
});
export type CourseBooking = z.infer<typeof courseBooking>;

export const courseListItem = postListItem.extend({ booking: courseBooking });
export type CourseListItem = z.infer<typeof courseListItem>;

export const courseResponse = postResponse.extend({
  booking: courseBooking,
  /** Organisers only; null for everyone else. */
  attendees: z.array(courseAttendee).nullable(),
});
export type CourseResponse = z.infer<typeof courseResponse>;

export const courseSortColumns = ['startDate', 'title', 'created', 'updated', 'id'] as const;

const statusList = z.preprocess(
  (value) =>
    value === undefined || value === '' ? undefined : Array.isArray(value) ? value : [value],
  z.array(z.enum(postStatuses)).max(8).optional(),
);

/** GET /course: courses the user may see; published and not yet ended unless asked otherwise. */
export const courseListQuery = listQuery.extend({
  status: statusList,
  /** Also courses that have ended (default: only those still to come or running). */
  includeEnded: z
    .preprocess(
      (value) => (value === 'true' ? true : value === 'false' ? false : value),
      z.boolean(),
    )
    .optional(),
  search: z.string().trim().max(200).optional(),
});
export type CourseListQuery = z.input<typeof courseListQuery>;

/** GET /my-course: one's bookings, the next course first. */
export const myCourseQuery = listQuery.extend({
  includeEnded: courseListQuery.shape.includeEnded,
});

/** POST /course/{id}/message: the organiser e-mails the attendees with the chosen statuses. */
export const courseMessageInput = z.strictObject({
  subject: requiredText(courseLimits.messageSubjectMax),
  text: requiredText(courseLimits.messageTextMax),
  statuses: z
    .array(z.enum(attendeeStatuses))
    .min(1)
    .max(3)
    .default([...attendeeStatuses]),
});
export type CourseMessageInput = z.input<typeof courseMessageInput>;

export const courseMessageResult = z.object({
  sent: z.number(),
  withoutEmail: z.number(),
});

/** The personal calendar feed: its address is shown once, when it is made. */
export const courseFeedState = z.object({
  active: z.boolean(),
  created: z.string().nullable(),
  /** Only in the answer that creates the link. */
  url: z.string().nullable(),
});
export type CourseFeedState = z.infer<typeof courseFeedState>;

export const courseFeedParams = z.strictObject({ token: z.string().min(1).max(100) });
