import { sv, type AttendeeQuestion } from '@skolportalen/shared';
import { csvText, csvTime as stamp } from '../../http/csv';
import type { AttendeeRecord } from './course-attendees.repo';

const t = sv.courses.csv;

/**
 * The attendee list as a spreadsheet file: Swedish headings, semicolons
 * (what Excel expects in Swedish settings), CRLF line ends, one column per
 * question.
 */
export function attendeesCsv(
  questions: readonly AttendeeQuestion[],
  attendees: readonly AttendeeRecord[],
): string {
  const header = [
    t.name,
    t.email,
    t.organisation,
    t.kind,
    t.status,
    t.reservePosition,
    t.booked,
    t.updated,
    ...questions.map((question) => question.title),
  ];
  const rows = attendees.map((attendee) => {
    const answers = new Map(
      attendee.answers.map((answer) => [answer.question.trim().toLowerCase(), answer.answer]),
    );
    return [
      attendee.name,
      attendee.email,
      attendee.organisation,
      attendee.userId === null ? t.external : t.internal,
      sv.courses.attendeeStatuses[attendee.status],
      attendee.reservePosition,
      stamp.format(attendee.createdAt),
      stamp.format(attendee.updatedAt),
      ...questions.map((question) => answers.get(question.title.trim().toLowerCase()) ?? ''),
    ];
  });
  return csvText([header, ...rows]);
}
