import { format, sv } from '@skolportalen/shared';

const t = sv.mustRead.before;

const hoursPart = (hours: number) => (hours === 1 ? t.hourPart : format(t.hoursPart, { n: hours }));

/**
 * A reminder's time before the deadline in words: "5 timmar före",
 * "1 dygn före", "2 dygn och 3 timmar före". Null for what is not a whole
 * positive number of hours.
 */
export function reminderInWords(hours: number): string | null {
  if (!Number.isInteger(hours) || hours < 1) return null;
  if (hours < 24) return hours === 1 ? t.hour : format(t.hours, { n: hours });
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  if (rest === 0) return days === 1 ? t.day : format(t.days, { n: days });
  return format(t.daysAndHours, { days, hours: hoursPart(rest) });
}
