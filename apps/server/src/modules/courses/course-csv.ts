import { sv, type AttendeeQuestion } from '@skolportalen/shared';
import type { AttendeeRecord } from './course-attendees.repo';

const t = sv.courses.csv;

/** Excel opens a UTF-8 file with this mark as UTF-8 (å, ä, ö intact). */
const byteOrderMark = '\uFEFF';

const stamp = new Intl.DateTimeFormat('sv-SE', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Stockholm',
});

/**
 * One cell: a value a spreadsheet would run as a formula (= + - @, or a tab
 * or carriage return first) is made text with a leading apostrophe; every
 * cell is quoted, quotes doubled.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

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
  return (
    byteOrderMark + [header, ...rows].map((row) => row.map(csvCell).join(';')).join('\r\n') + '\r\n'
  );
}
