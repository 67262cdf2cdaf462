const zone = 'Europe/Stockholm';

/** A Swedish date format made on first use: each takes milliseconds to build on a phone. */
function lazyFormat(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat('sv-SE', { ...options, timeZone: zone }));
}

const dayFormat = lazyFormat({
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});
const timeFormat = lazyFormat({
  hour: '2-digit',
  minute: '2-digit',
});
const dayKey = lazyFormat({
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const parse = (value: string | Date | null | undefined) => {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** "tisdag 24 november 2026 kl. 13:00" in Swedish time. */
export function courseDateTime(value: string | Date | null | undefined): string {
  const date = parse(value);
  return date ? `${dayFormat().format(date)} kl. ${timeFormat().format(date)}` : '';
}

/**
 * When a course runs, in Swedish time: "tisdag 24 november 2026 kl. 13:00–16:00"
 * on one day, "… kl. 13:00 – onsdag 25 november 2026 kl. 16:00" over several.
 */
export function courseTimeSpan(
  start: string | Date | null | undefined,
  end: string | Date | null | undefined,
): string {
  const from = parse(start);
  const to = parse(end);
  if (!from) return '';
  if (!to) return courseDateTime(from);
  if (dayKey().format(from) === dayKey().format(to)) {
    return `${dayFormat().format(from)} kl. ${timeFormat().format(from)}–${timeFormat().format(to)}`;
  }
  return `${courseDateTime(from)} – ${courseDateTime(to)}`;
}

/** The calendar date ("2026-11-24") of an instant in Swedish time: a course's courseDate. */
export function swedishCalendarDate(value: string | Date): string {
  const date = parse(value);
  return date ? dayKey().format(date) : '';
}
