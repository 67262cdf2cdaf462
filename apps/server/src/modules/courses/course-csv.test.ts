import { describe, expect, it } from 'vitest';
import type { AttendeeRecord } from './course-attendees.repo';
import { csvCell } from '../../http/csv';
import { attendeesCsv } from './course-csv';

const at = new Date('2026-11-20T08:05:00Z');
const attendee = (overrides: Partial<AttendeeRecord>): AttendeeRecord => ({
  id: 1,
  postId: 1,
  userId: 5,
  name: 'Åsa Öberg',
  email: 'asa.oberg@exempelby.se',
  organisation: null,
  status: 'approved',
  answers: [],
  reservePosition: null,
  bookedBy: null,
  createdAt: at,
  updatedAt: at,
  ...overrides,
});

describe('the attendee export', () => {
  it('starts with a byte order mark and Swedish headings, one column per question', () => {
    const csv = attendeesCsv(
      [{ title: 'Specialkost', required: true }],
      [
        attendee({ answers: [{ question: 'Specialkost', answer: 'Vegetarisk; inga nötter' }] }),
        attendee({
          id: 2,
          userId: null,
          name: 'Extern "Gäst"',
          email: 'gast@friskola.se',
          organisation: 'Friskolan',
          status: 'reserve',
          reservePosition: 1,
        }),
      ],
    );
    expect(csv.startsWith('\uFEFF"Namn";"E-post";"Organisation";"Typ";"Status"')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      '"Namn";"E-post";"Organisation";"Typ";"Status";"Plats på reservlistan";"Anmäld";"Ändrad";"Specialkost"',
    );
    expect(lines[1]).toBe(
      '"Åsa Öberg";"asa.oberg@exempelby.se";"";"Intern";"Bokad";"";"2026-11-20 09:05";"2026-11-20 09:05";"Vegetarisk; inga nötter"',
    );
    expect(lines[2]).toContain(
      '"Extern ""Gäst""";"gast@friskola.se";"Friskolan";"Extern";"Reserv";"1"',
    );
    expect(lines[3]).toBe('');
  });

  it('keeps spreadsheet formulas from running', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe('"\'=HYPERLINK(""http://evil"",""x"")"');
    expect(csvCell('+46 70')).toBe('"\'+46 70"');
    expect(csvCell('-1')).toBe('"\'-1"');
    expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
    expect(csvCell('\tx')).toBe('"\'\tx"');
    expect(csvCell('Anna')).toBe('"Anna"');
    expect(csvCell(null)).toBe('""');
  });
});
