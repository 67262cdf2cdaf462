/**
 * A course's attendee statuses and the bounds of what attendees send. Apart from
 * ../schemas/course (zod) because the course page's booking form uses them.
 */

/** Spec §4: an attendee is booked (approved), waiting for the organiser (pending) or in the queue (reserve). */
export const attendeeStatuses = ['approved', 'pending', 'reserve'] as const;
export type AttendeeStatus = (typeof attendeeStatuses)[number];

/** Statuses that hold one of the course's places (decision 0013). */
export const placeHoldingStatuses: readonly AttendeeStatus[] = ['approved', 'pending'];

/** Bounds of what attendees send. */
export const courseLimits = {
  answerMax: 1000,
  externalNameMax: 100,
  organisationMax: 128,
  messageSubjectMax: 150,
  messageTextMax: 5000,
} as const;
