import type {
  CourseAttendee,
  CourseBooking,
  CourseListItem,
  CourseResponse,
} from '@skolportalen/shared';
import type { Executor } from '../../db/client';
import { accessFacts, presentPost, presentPosts } from '../posts/post-present';
import type { DetailedPostRow, ListedPostRow } from '../posts/posts.repo';
import type { AuthUser } from '../../identity/auth-user.repo';
import { identityScopeOf } from '../../identity/protected-identity';
import {
  attendeeKeyOf,
  attendeesOf,
  bookingsOf,
  noPlacesTaken,
  placeCounts,
  taken,
  type AttendeeRecord,
  type PlaceCounts,
} from './course-attendees.repo';
import {
  bookingClosedReason,
  bookingPermissions,
  cancellationDeadline,
  hasStarted,
  type CourseFacts,
} from './courses.policy';

export function courseFacts(row: ListedPostRow): CourseFacts {
  return { ...accessFacts(row), course: row.post.course ?? null };
}

export function presentAttendee(record: AttendeeRecord): CourseAttendee {
  return {
    key: attendeeKeyOf(record),
    userId: record.userId,
    external: record.userId === null,
    name: record.name,
    email: record.email,
    organisation: record.organisation,
    status: record.status,
    reservePosition: record.reservePosition,
    answers: record.answers,
    created: record.createdAt.toISOString(),
    updated: record.updatedAt.toISOString(),
  };
}

/**
 * Free places a new booking may take. While someone waits on the reserve
 * list a freed place is theirs, so newcomers queue behind them (decision 0013).
 */
export function placesLeft(capacity: number, counts: PlaceCounts): number {
  if (counts.reserve > 0) return 0;
  return Math.max(0, capacity - taken(counts));
}

export function bookingState(
  user: AuthUser,
  facts: CourseFacts,
  counts: PlaceCounts,
  mine: AttendeeRecord | undefined,
  now: Date,
): CourseBooking {
  const capacity = facts.course?.numberOfAttendees ?? 0;
  const left = placesLeft(capacity, counts);
  const closedReason = bookingClosedReason(user, facts, now);
  const deadline = cancellationDeadline(facts.course);
  return {
    capacity,
    approvedCount: counts.approved,
    pendingCount: counts.pending,
    reserveCount: counts.reserve,
    placesLeft: left,
    isFull: left === 0,
    started: hasStarted(facts.course, now),
    cancellationDeadline: deadline?.toISOString() ?? null,
    closedReason,
    myBooking: mine ? presentAttendee(mine) : null,
    can: bookingPermissions(user, { course: facts, mine, now }),
  };
}

/** Course list items: the post, its places and the user's booking, in three statements a page. */
export async function presentCourses(
  db: Executor,
  user: AuthUser,
  rows: readonly ListedPostRow[],
  now: Date,
): Promise<CourseListItem[]> {
  const ids = rows.map((row) => row.post.id);
  const [items, counts, mine] = await Promise.all([
    presentPosts(db, user, rows),
    placeCounts(db, ids),
    bookingsOf(db, user.id, ids),
  ]);
  return items.map((item, index) => {
    const row = rows[index]!;
    return {
      ...item,
      booking: bookingState(
        user,
        courseFacts(row),
        counts.get(row.post.id) ?? noPlacesTaken,
        mine.get(row.post.id),
        now,
      ),
    };
  });
}

/** The course page: the post, the places, one's booking, and for organisers every attendee. */
export async function presentCourse(
  db: Executor,
  user: AuthUser,
  row: DetailedPostRow,
  now: Date,
): Promise<CourseResponse> {
  const id = row.post.id;
  const [post, counts, mine] = await Promise.all([
    presentPost(db, user, row),
    placeCounts(db, [id]),
    bookingsOf(db, user.id, [id]),
  ]);
  const booking = bookingState(
    user,
    courseFacts(row),
    counts.get(id) ?? noPlacesTaken,
    mine.get(id),
    now,
  );
  const attendees = booking.can.manage
    ? (await attendeesOf(db, await identityScopeOf(db, user), id)).map(presentAttendee)
    : null;
  return { ...post, booking, attendees };
}
