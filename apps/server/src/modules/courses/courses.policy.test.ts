import { sv, type CourseBlock } from '@skolportalen/shared';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../../identity/auth-user.repo';
import { authorize, can } from '../../identity/authorize';
import { AppError } from '../../http/errors';
import { bookingPermissions, coursesPolicy, type CourseFacts } from './courses.policy';

const e = sv.courses.errors;

function user(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: 1,
    uid: 'u',
    name: 'U',
    email: null,
    firstName: 'U',
    lastName: 'U',
    roles: [],
    capabilities: {},
    isAdmin: false,
    isSchoolResponsible: false,
    disabled: false,
    preferredLanguage: 'sv',
    languageAsked: false,
    ...overrides,
  };
}

const now = new Date('2026-03-01T10:00:00Z');
const course: CourseFacts = {
  type: 'course',
  status: 'publish',
  authorId: 5,
  editorIds: [],
  course: {
    bookable: true,
    startDate: '2026-04-01T08:00:00Z',
    cancellationDate: '2026-03-15T00:00:00Z',
  } as CourseBlock,
};

function refusalMessage(run: () => void): string {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 403) return error.message;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('courses policy', () => {
  const organiser = user({ id: 5 });
  const booker = user({ id: 7, capabilities: { book_course: true } });

  it('books oneself, or anyone as an organiser', () => {
    expect(can(booker, coursesPolicy.bookUser, { course, userId: 7 })).toBe(true);
    expect(
      refusalMessage(() => authorize(booker, coursesPolicy.bookUser, { course, userId: 8 })),
    ).toBe(e.bookOthersNotAllowed);
    expect(can(organiser, coursesPolicy.bookUser, { course, userId: 8 })).toBe(true);
    const manager = user({ id: 9, capabilities: { manage_course_attendees: true } });
    expect(can(manager, coursesPolicy.manage, course)).toBe(true);
  });

  it('lets a booking be handled by its attendee or an organiser', () => {
    expect(can(booker, coursesPolicy.handleBooking, { course, attendeeUserId: 7 })).toBe(true);
    expect(can(organiser, coursesPolicy.handleBooking, { course, attendeeUserId: null })).toBe(
      true,
    );
    expect(
      refusalMessage(() =>
        authorize(booker, coursesPolicy.handleBooking, { course, attendeeUserId: 8 }),
      ),
    ).toBe(e.manageNotAllowed);
  });

  it('shows booking, cancelling and managing exactly when they would pass', () => {
    expect(bookingPermissions(booker, { course, mine: undefined, now })).toEqual({
      book: true,
      cancel: false,
      manage: false,
    });
    expect(bookingPermissions(booker, { course, mine: { status: 'approved' }, now })).toEqual({
      book: false,
      cancel: true,
      manage: false,
    });
    const afterDeadline = new Date('2026-03-20T00:00:00Z');
    expect(
      bookingPermissions(booker, { course, mine: { status: 'approved' }, now: afterDeadline })
        .cancel,
    ).toBe(false);
    expect(
      bookingPermissions(booker, { course, mine: { status: 'reserve' }, now: afterDeadline })
        .cancel,
    ).toBe(true);
    expect(bookingPermissions(user({ id: 8 }), { course, mine: undefined, now }).book).toBe(false);
    expect(bookingPermissions(organiser, { course, mine: undefined, now }).manage).toBe(true);
  });
});
