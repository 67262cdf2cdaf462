import { format } from '@skolportalen/shared';
import { mustReadNoticeTexts } from '@skolportalen/shared/texts/start-page';

/** A Swedish date format made on first use: each takes milliseconds to build on a phone. */
function lazyFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat('sv-SE', options));
}

const dateFormat = lazyFormat({
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Stockholm',
});
const dateTimeFormat = lazyFormat({
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Stockholm',
});
const shortFormat = lazyFormat({
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Stockholm',
});

const parse = (value: string | null | undefined) => {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "21 november 2026" in Swedish time. */
export function longDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? dateFormat().format(date) : '';
}

/** "21 november 2026 kl. 08:00". */
export function longDateTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? dateTimeFormat().format(date) : '';
}

/** "2026-11-21 08:00", for tables. */
export function shortDateTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? shortFormat().format(date) : '';
}

const weekdayFormat = lazyFormat({
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Stockholm',
});

/**
 * "fredag 4 december kl. 12.00" in Swedish time, with the year when it is
 * not this year's: a deadline, read at a glance. The time is written with a
 * point, as Swedish prose writes it.
 */
export function weekdayDateTime(value: string | null | undefined, now = new Date()): string {
  const date = parse(value);
  if (!date) return '';
  const parts = Object.fromEntries(
    weekdayFormat()
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  const thisYear = weekdayFormat()
    .formatToParts(now)
    .find((part) => part.type === 'year')?.value;
  return format(
    parts.year === thisYear ? mustReadNoticeTexts.dateTime : mustReadNoticeTexts.dateTimeWithYear,
    {
      ...parts,
    },
  );
}
