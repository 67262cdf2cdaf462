import type { PostType, ReviewState } from '@skolportalen/shared';
import type { Config } from '../../config';

/** The review settings (REVIEW_* in the environment, decision 0045). */
export type ReviewSettings = Config['review'];

const stockholmDay = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Stockholm',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Stockholm at `now`, as YYYY-MM-DD. */
export function dayIn(now: Date): string {
  return stockholmDay.format(now);
}

const parts = (day: string) => day.split('-').map(Number) as [number, number, number];
const format = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const [year, month, date] = parts(day);
  return format(new Date(Date.UTC(year, month - 1, date + days)));
}

/** Months on, the day kept where the month has it (31 January + 1 month = 28 or 29 February), as PostgreSQL counts. */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = parts(day);
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, last));
  return format(first);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/** Months between reviews of the type; 0 when it is not reviewed. */
export function periodOf(settings: ReviewSettings, type: PostType): number {
  return settings.monthsByType[type] ?? 0;
}

/** The types reviewed under the settings. */
export function reviewedTypes(settings: ReviewSettings): PostType[] {
  return (Object.keys(settings.monthsByType) as PostType[]).filter(
    (type) => periodOf(settings, type) > 0,
  );
}

/**
 * Where a post stands on `today`: not reviewed (its type, or no date), due
 * (within the reminder window), overdue (past the date) or fine.
 */
export function reviewStateOf(
  settings: ReviewSettings,
  post: { type: PostType; reviewDate: string | null },
  today: string,
): ReviewState {
  if (periodOf(settings, post.type) === 0 || post.reviewDate === null) return 'none';
  if (post.reviewDate < today) return 'overdue';
  if (post.reviewDate <= addDays(today, settings.reminderDays)) return 'due';
  return 'ok';
}
