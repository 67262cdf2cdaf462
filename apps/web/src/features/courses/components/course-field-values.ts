import { swedishCalendarDate, type CourseBlock } from '@skolportalen/shared';

export type CourseDateField = 'startDate' | 'endDate' | 'cancellationDate';

/** A new course's part: bookable, no places chosen yet (the editor asks for them). */
export function emptyCourse(): CourseBlock {
  return {
    startDate: null,
    endDate: null,
    cancellationDate: null,
    place: '',
    numberOfAttendees: 0,
    bookable: true,
    attendeeInformation: [],
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** ISO date-time → `YYYY-MM-DDTHH:mm` in the browser's zone, for `<input type="datetime-local">`. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** `datetime-local` value → ISO with zone; empty → null. */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The course's calendar day (spec §3 courseDate) follows its start, in Swedish time. */
export function courseDateOf(course: CourseBlock): string | null {
  return course.startDate ? swedishCalendarDate(course.startDate) : null;
}
