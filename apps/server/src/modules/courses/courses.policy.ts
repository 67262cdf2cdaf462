import {
  hasCapability,
  type BookingClosedReason,
  type CapabilityKey,
  type CourseBlock,
  type PostStatus,
} from '@skolportalen/shared';
import { canEditPost, type PostAccessFacts } from '../posts/posts.policy';
import type { AuthUser } from '../../identity/auth-user.repo';

/** What the course rules need to know about a stored course. */
export interface CourseFacts extends PostAccessFacts {
  status: PostStatus;
  course: CourseBlock | null;
}

const has = (user: AuthUser, key: CapabilityKey) => hasCapability(user.capabilities, key);

/** Writing a post of type course needs create_course besides create_post. */
export function canCreateCourse(user: AuthUser): boolean {
  return has(user, 'create_course');
}

/**
 * An organiser sees and manages a course's attendees (decision 0013): its
 * author, its assigned editors, whoever may edit every post, and holders of
 * manage_course_attendees. Only for courses they can see at all.
 */
export function isOrganiser(user: AuthUser, course: PostAccessFacts): boolean {
  return canEditPost(user, course) || has(user, 'manage_course_attendees');
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
  if (!has(user, 'book_course')) return 'no-right';
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
