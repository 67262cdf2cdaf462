import { swedishCalendarDate } from '@skolportalen/shared';

const day = 24 * 60 * 60 * 1000;

/** The offset of Swedish time from UTC at an instant, in minutes (60 in winter, 120 in summer). */
function stockholmOffsetMinutes(at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Stockholm',
    timeZoneName: 'shortOffset',
  })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  const match = /GMT([+-]\d+)/.exec(name ?? '');
  return match ? Number(match[1]) * 60 : 60;
}

/**
 * `days` from `now` at the given Swedish clock time, on a school day: a date
 * that falls on a Saturday or Sunday moves on to the Monday after, since
 * courses for staff and guardians are held on weekdays.
 */
export function swedishWeekdayTime(now: Date, days: number, hours: number, minutes = 0): Date {
  const [year, month, date] = swedishCalendarDate(new Date(now.getTime() + days * day))
    .split('-')
    .map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(year, month - 1, date)).getUTCDay();
  const toMonday = weekday === 6 ? 2 : weekday === 0 ? 1 : 0;
  const local = Date.UTC(year, month - 1, date + toMonday, hours, minutes);
  return new Date(local - stockholmOffsetMinutes(new Date(local)) * 60_000);
}
