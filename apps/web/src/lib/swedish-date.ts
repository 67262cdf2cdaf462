const pad = (value: number) => String(value).padStart(2, '0');
const pattern = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:(?:\s+|T)(\d{1,2})[:.](\d{2}))?$/;

/**
 * "2026-12-01 13:00" (or 13.00) → `2026-12-01T13:00`; "2026-12-01" →
 * `2026-12-01` when no time is asked for. Null for anything else, a date that
 * does not exist (2026-02-30) or a time past 23:59 included.
 */
export function parseSwedishDate(text: string, withTime: boolean): string | null {
  const match = pattern.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return null;
  }
  const calendarDay = `${year}-${pad(month)}-${pad(day)}`;
  if (!withTime) return match[4] === undefined ? calendarDay : null;
  if (match[4] === undefined) return null;
  const [hours, minutes] = [Number(match[4]), Number(match[5])];
  if (hours > 23 || minutes > 59) return null;
  return `${calendarDay}T${pad(hours)}:${pad(minutes)}`;
}

/** `2026-12-01T13:00` → "2026-12-01 13:00"; other text as it is. */
export function showSwedishDate(value: string): string {
  return value.replace(/^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/, '$1 $2');
}
