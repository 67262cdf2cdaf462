import {
  hasCapability,
  sv,
  type AttendeeStatus,
  type BookingClosedReason,
  type CapabilityKey,
  type CourseBlock,
  type PostStatus,
} from '@skolportalen/shared';
import { postsPolicy, type PostAccessFacts } from '../posts/posts.policy';
import type { AuthUser } from '../../identity/auth-user.repo';
import { can, canFlags, rule } from '../../identity/authorize';

/** What the course rules need to know about a stored course. */
export interface CourseFacts extends PostAccessFacts {
  status: PostStatus;
  course: CourseBlock | null;
}

const has = (user: AuthUser, key: CapabilityKey) => hasCapability(user.capabilities, key);

/**
 * An organiser sees and manages a course's attendees (decision 0013): its
 * author, its assigned editors, whoever may edit every post, and holders of
 * manage_course_attendees. Only for courses they can see at all.
 */
export function isOrganiser(user: AuthUser, course: PostAccessFacts): boolean {
  return can(user, postsPolicy.edit, course) || has(user, 'manage_course_attendees');
}

export function startOf(course: CourseBlock | null): Date | null {
  return course?.startDate ? new Date(course.startDate) : null;
}

export function endOf(course: CourseBlock | null): Date | null {
  return course?.endDate ? new Date(course.endDate) : null;
}

/** Attendees cancel themselves until the cancellation date, or until the start when none is set. */
export function cancellationDeadline(course: CourseBlock | null): Date | null {
  if (course?.cancellationDate) return new Date(course.cancellationDate);
  return startOf(course);
}

export function hasStarted(course: CourseBlock | null, now: Date): boolean {
  const start = startOf(course);
  return start !== null && start.getTime() <= now.getTime();
}

/** Why the user may not book themselves now, or null when they may. */
export function bookingClosedReason(
  user: AuthUser,
  course: CourseFacts,
  now: Date,
): BookingClosedReason | null {
  if (!can(user, coursesPolicy.book)) return 'no-right';
  if (course.status !== 'publish') return 'not-published';
  if (!course.course?.bookable) return 'not-bookable';
  if (hasStarted(course.course, now)) return 'started';
  return null;
}

/**
 * Cancelling one's own booking: a place can be given back until the
 * deadline; leaving the reserve list costs nobody anything and is always allowed.
 */
export function mayCancelOwn(
  course: CourseFacts,
  status: 'approved' | 'pending' | 'reserve',
  now: Date,
): boolean {
  if (status === 'reserve') return true;
  const deadline = cancellationDeadline(course.course);
  return deadline === null || now.getTime() < deadline.getTime();
}

const e = sv.courses.errors;

/** A booking someone asks to change or cancel, on its course. */
export interface BookingOnCourse {
  course: PostAccessFacts;
  /** The booked portal user; null for someone without an account. */
  attendeeUserId: number | null;
}

/** The courses module's rules (decision 0013), for `authorize`, `can` and `canFlags`. */
export const coursesPolicy = {
  /** Writing a post of type course needs create_course besides create_post. */
  create: rule((user) => has(user, 'create_course'), { message: e.createNotAllowed }),
  /** Booking oneself; whether the course takes bookings now is the course's state, not a right. */
  book: rule((user) => has(user, 'book_course'), { message: e.bookNotAllowed }),
  /** Seeing, booking, moving, mailing and exporting the attendees is the organisers'. */
  manage: rule(isOrganiser, { message: e.manageNotAllowed }),
  /** A portal user is booked by themselves or by an organiser. */
  bookUser: rule<{ course: PostAccessFacts; userId: number }>(
    (user, { course, userId }) => userId === user.id || isOrganiser(user, course),
    { message: e.bookOthersNotAllowed },
  ),
  /** A booking is changed or cancelled by its attendee or by an organiser. */
  handleBooking: rule<BookingOnCourse>(
    (user, { course, attendeeUserId }) => attendeeUserId === user.id || isOrganiser(user, course),
    { message: e.manageNotAllowed },
  ),
};

/** What the booking panel's `can` flags are asked of: the course, one's own booking, the time. */
export interface BookingView {
  course: CourseFacts;
  mine: { status: AttendeeStatus } | undefined;
  now: Date;
}

const bookingFlags = {
  /** Booking oneself: the right, a course open for bookings, and no booking yet. */
  book: rule<BookingView>(
    (user, { course, mine, now }) =>
      mine === undefined && bookingClosedReason(user, course, now) === null,
  ),
  /** Cancelling one's own booking while the course is there and the deadline allows. */
  cancel: rule<BookingView>(
    (_user, { course, mine, now }) =>
      mine !== undefined && course.status !== 'trash' && mayCancelOwn(course, mine.status, now),
  ),
  manage: rule<BookingView>((user, { course }) => can(user, coursesPolicy.manage, course)),
};

/** The `can` flags sent with a course's booking state. */
export function bookingPermissions(user: AuthUser, view: BookingView) {
  return canFlags(user, bookingFlags, view);
}
