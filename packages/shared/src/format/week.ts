import { format } from '../texts/format';
import { svShell } from '../texts/shell';

/** ISO 8601 week number: weeks start on Monday, week 1 holds the year's first Thursday. */
export function isoWeek(date: Date): number {
  const day = new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
  const weekday = day.getUTCDay() || 7;
  day.setUTCDate(day.getUTCDate() + 4 - weekday);
  const yearStart = Date.UTC(day.getUTCFullYear(), 0, 1);
  return Math.ceil(((day.getTime() - yearStart) / 86_400_000 + 1) / 7);
}

/** The header's date line, e.g. "lördag 21 november 2026". */
export function longSwedishDate(date: Date): string {
  const weekday = svShell.weekdays[date.getDay()];
  const month = svShell.months[date.getMonth()];
  return `${weekday} ${date.getDate()} ${month} ${date.getFullYear()}`;
}

export function weekLabel(date: Date): string {
  return format(svShell.app.week, { n: isoWeek(date) });
}
