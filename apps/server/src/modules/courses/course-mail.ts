import {
  courseDateTime,
  courseTimeSpan,
  format,
  sv,
  type AttendeeStatus,
  type CourseBlock,
} from '@skolportalen/shared';
import type { Executor } from '../../db/client';

const t = sv.courses.mail;

/** One plain-text e-mail about a course. */
export interface CourseMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * How course e-mails leave the portal: queued in the transaction of the
 * change that causes them, so a refused or rolled-back change sends nothing.
 */
export interface CourseMailer {
  /** Writes the mails to the outbox within `tx`; answers how many. */
  queue(tx: Executor, mails: readonly CourseMail[]): Promise<number>;
  /** After the commit: start sending now rather than at the next poll. */
  wake(): void;
}

/** What a course e-mail tells about the course. */
export interface CourseMailInfo {
  title: string;
  slug: string;
  course: CourseBlock | null;
  /** The portal's address, for the link to the course page. */
  siteOrigin: string;
}

function courseDetails(info: CourseMailInfo, withLink: boolean): string[] {
  const lines = [
    format(t.when, { when: courseTimeSpan(info.course?.startDate, info.course?.endDate) }),
  ];
  if (info.course?.place) lines.push(format(t.where, { place: info.course.place }));
  if (withLink) lines.push(format(t.link, { url: `${info.siteOrigin}/kurs/${info.slug}` }));
  return lines;
}

function deadlineLine(info: CourseMailInfo): string[] {
  const deadline = info.course?.cancellationDate ?? info.course?.startDate;
  return deadline ? [format(t.cancelHint, { deadline: courseDateTime(deadline) })] : [];
}

function compose(paragraphs: string[]): string {
  return `${paragraphs.join('\n\n')}\n`;
}

/**
 * The confirmation an external attendee gets (issue 6): what they are
 * booked on, or where they stand. No portal link: they have no account.
 */
export function confirmationMail(
  info: CourseMailInfo,
  attendee: { name: string; email: string; status: AttendeeStatus; reservePosition: number | null },
): CourseMail {
  const vars = { name: attendee.name, course: info.title, position: attendee.reservePosition ?? 1 };
  const opening =
    attendee.status === 'approved'
      ? t.confirmationApproved
      : attendee.status === 'pending'
        ? t.confirmationPending
        : t.confirmationReserve;
  return {
    to: attendee.email,
    subject: format(t.confirmationSubject, { course: info.title }),
    text: compose([
      format(opening, vars),
      courseDetails(info, false).join('\n'),
      ...deadlineLine(info),
      t.signature,
    ]),
  };
}

/** A reserve who got a place: told at once, with the course's details. */
export function promotionMail(
  info: CourseMailInfo,
  attendee: { name: string; email: string; external: boolean },
): CourseMail {
  return {
    to: attendee.email,
    subject: format(t.promotedSubject, { course: info.title }),
    text: compose([
      format(t.promotedBody, { name: attendee.name, course: info.title }),
      courseDetails(info, !attendee.external).join('\n'),
      ...deadlineLine(info),
      t.signature,
    ]),
  };
}

/** The organiser's own message to the attendees, signed with who sent it. */
export function organiserMail(
  info: CourseMailInfo,
  message: { subject: string; text: string; senderName: string },
  to: string,
): CourseMail {
  return {
    to,
    subject: message.subject,
    text: compose([
      message.text,
      format(t.organiserFooter, { name: message.senderName, course: info.title }),
    ]),
  };
}
