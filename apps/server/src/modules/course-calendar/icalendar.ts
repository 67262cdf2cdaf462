/**
 * iCalendar (RFC 5545) for courses: one file per course and the personal
 * feed. Times are written in UTC, so no time-zone block is needed.
 */

export interface CalendarEvent {
  uid: string;
  start: Date;
  end: Date | null;
  summary: string;
  location: string;
  description: string;
  url: string;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  lastModified: Date;
}

const encoder = new TextEncoder();

/** `20261124T120000Z` */
export function icsTime(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** TEXT values: backslash, semicolon, comma and line breaks are escaped. */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Lines longer than 75 octets are folded, never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // The first line holds 75 octets; continuation lines 74 after their leading space.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

function eventLines(event: CalendarEvent, stamp: Date): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsTime(stamp)}`,
    `DTSTART:${icsTime(event.start)}`,
  ];
  if (event.end) lines.push(`DTEND:${icsTime(event.end)}`);
  lines.push(`SUMMARY:${icsText(event.summary)}`);
  if (event.location) lines.push(`LOCATION:${icsText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${icsText(event.description)}`);
  lines.push(
    `URL:${event.url}`,
    `STATUS:${event.status}`,
    `LAST-MODIFIED:${icsTime(event.lastModified)}`,
    'END:VEVENT',
  );
  return lines;
}

/** A whole calendar; `name` is shown by clients that subscribe to it. */
export function icsCalendar(events: readonly CalendarEvent[], stamp: Date, name?: string): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Exempelby kommun//Skolportalen//SV',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(name ? [`X-WR-CALNAME:${icsText(name)}`, 'REFRESH-INTERVAL;VALUE=DURATION:PT1H'] : []),
    ...events.flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
