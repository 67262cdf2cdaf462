import { swedishCalendarDate } from '@skolportalen/shared';
import { describe, expect, it } from 'vitest';
import { swedishWeekdayTime } from './seed-dates';

const stockholm = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  weekday: 'long',
  hour: '2-digit',
  minute: '2-digit',
});

describe('swedishWeekdayTime', () => {
  it('puts a demo course on a weekday at its Swedish clock time, whatever day the demo is seeded', () => {
    // Seven seeding days in a row, in winter and in summer time, and the demo courses' offsets.
    for (const first of ['2026-11-23T09:00:00Z', '2026-06-15T09:00:00Z']) {
      for (let seedDay = 0; seedDay < 7; seedDay++) {
        const now = new Date(Date.parse(first) + seedDay * 86_400_000);
        for (const days of [-20, 3, 10, 14, 21]) {
          const start = swedishWeekdayTime(now, days, 13, 30);
          expect(stockholm.format(start)).toMatch(/^(måndag|tisdag|onsdag|torsdag|fredag) 13:30$/);
        }
      }
    }
  });

  it('keeps a weekday as it is and moves Saturday and Sunday on to Monday', () => {
    const friday = new Date('2026-11-27T09:00:00Z');
    expect(swedishCalendarDate(swedishWeekdayTime(friday, 0, 9))).toBe('2026-11-27');
    expect(swedishCalendarDate(swedishWeekdayTime(friday, 1, 9))).toBe('2026-11-30');
    expect(swedishCalendarDate(swedishWeekdayTime(friday, 2, 9))).toBe('2026-11-30');
    expect(swedishCalendarDate(swedishWeekdayTime(friday, 3, 9))).toBe('2026-11-30');
  });
});
