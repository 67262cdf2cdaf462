import { sv, type AttendeeStatus } from '@skolportalen/shared';
import type { Executor } from '../../db/client';
import { bookingsOf } from '../courses/course-attendees.repo';
import { listMyCourseIds } from '../courses/courses.repo';
import { listedPostsByIds, type ListedPostRow } from '../posts/posts.repo';
import { icsCalendar, type CalendarEvent } from './icalendar';

const t = sv.courses.calendar;

/** The most a feed lists: a year of weekly courses and then some. */
const feedMax = 500;

/** One course as a calendar event; a removed course is marked cancelled so calendars drop it. */
export function courseEvent(
  row: ListedPostRow,
  siteOrigin: string,
  attendeeStatus?: AttendeeStatus,
): CalendarEvent | null {
  const { post } = row;
  if (!post.course?.startDate) return null;
  const url = `${siteOrigin}/kurs/${post.slug}`;
  const suffix =
    attendeeStatus === 'reserve'
      ? t.reserveSuffix
      : attendeeStatus === 'pending'
        ? t.pendingSuffix
        : '';
  return {
    uid: `course-${post.id}@${new URL(siteOrigin).host}`,
    start: new Date(post.course.startDate),
    end: post.course.endDate ? new Date(post.course.endDate) : null,
    summary: `${post.title}${suffix}`,
    location: post.course.place,
    description: [post.excerpt, url].filter(Boolean).join('\n\n'),
    url,
    status:
      post.status === 'trash'
        ? 'CANCELLED'
        : attendeeStatus === undefined || attendeeStatus === 'approved'
          ? 'CONFIRMED'
          : 'TENTATIVE',
    lastModified: post.updatedAt,
  };
}

export function courseCalendar(row: ListedPostRow, siteOrigin: string, now: Date): string {
  const event = courseEvent(row, siteOrigin);
  return icsCalendar(event ? [event] : [], now);
}

/** The feed: every course the user is booked on, with their status in the title. */
export async function bookedCoursesCalendar(
  db: Executor,
  userId: number,
  siteOrigin: string,
  now: Date,
): Promise<string> {
  const { ids } = await listMyCourseIds(
    db,
    userId,
    { includeEnded: true, now },
    { page: 1, perPage: feedMax },
  );
  const [rows, bookings] = await Promise.all([
    listedPostsByIds(db, userId, ids),
    bookingsOf(db, userId, ids),
  ]);
  const events = rows.flatMap((row) => {
    const event = courseEvent(row, siteOrigin, bookings.get(row.post.id)?.status);
    return event ? [event] : [];
  });
  return icsCalendar(events, now, t.feedName);
}
