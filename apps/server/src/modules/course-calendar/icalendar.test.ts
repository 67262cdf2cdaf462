import { describe, expect, it } from 'vitest';
import { foldLine, icsCalendar, icsText, icsTime } from './icalendar';

const encoder = new TextEncoder();

describe('iCalendar', () => {
  it('writes UTC times and escapes text', () => {
    expect(icsTime(new Date('2026-11-24T12:00:00.000Z'))).toBe('20261124T120000Z');
    expect(icsText('Aula; plan 2, Ekbacken\\norr\nrum 3')).toBe(
      'Aula\\; plan 2\\, Ekbacken\\\\norr\\nrum 3',
    );
  });

  it('folds long lines at 75 octets without splitting å, ä or ö', () => {
    const line = `SUMMARY:${'Fortbildning i läsförståelse och språkutveckling för åk 4–6 '.repeat(3)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(2);
    for (const part of parts) expect(encoder.encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(parts.map((part, i) => (i === 0 ? part : part.slice(1))).join('')).toBe(line);
  });

  it('makes a calendar with one event per course', () => {
    const ics = icsCalendar(
      [
        {
          uid: 'course-7@skolportalen.exempelby.se',
          start: new Date('2026-11-24T12:00:00Z'),
          end: new Date('2026-11-24T15:00:00Z'),
          summary: 'Digitala verktyg',
          location: 'Aulan',
          description: 'Välkommen!',
          url: 'https://skolportalen.exempelby.se/kurs/digitala-verktyg',
          status: 'CONFIRMED',
          lastModified: new Date('2026-11-01T00:00:00Z'),
        },
      ],
      new Date('2026-11-21T05:00:00Z'),
      'Mina kurser',
    );
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics).toContain('\r\nX-WR-CALNAME:Mina kurser\r\n');
    expect(ics).toContain(
      '\r\nBEGIN:VEVENT\r\nUID:course-7@skolportalen.exempelby.se\r\nDTSTAMP:20261121T050000Z\r\nDTSTART:20261124T120000Z\r\nDTEND:20261124T150000Z\r\nSUMMARY:Digitala verktyg\r\nLOCATION:Aulan\r\n',
    );
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
  });
});
