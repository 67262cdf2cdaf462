import {
  sv,
  type AttendeeAnswer,
  type AttendeeStatus,
  type bookingInput,
  type externalAttendeeInput,
  type z,
} from '@skolportalen/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import type { AuthUser } from '../../identity/auth-user.repo';
import { authorize, can, refusalOf } from '../../identity/authorize';
import { identityScopeOf } from '../../identity/protected-identity';
import { AppError, errors } from '../../http/errors';
import { seenByThemselves } from '../../identity/shown-names';
import { recordAudit } from '../audit/audit.repo';
import {
  attendeeKeyOf,
  findAttendee,
  insertAttendee,
  parseAttendeeKey,
  placeCountsOf,
  taken,
  type AttendeeRecord,
} from './course-attendees.repo';
import { confirmationMail, type CourseMail } from './course-mail';
import { placesLeft } from './course-present';
import { lockCourse, lockedFacts, mailInfo, type LockedCourse } from './course-places';
import type { CourseActor, CoursesContext } from './courses.context';
import { bookingClosedReason, coursesPolicy } from './courses.policy';
import { findCourseForViewer } from './courses.repo';
import { checkAnswers } from './course-answers';

const e = sv.courses.errors;

type BookingValues = z.output<typeof bookingInput>;
type ExternalValues = z.output<typeof externalAttendeeInput>;

/** A booking that raced another for the same person: the unique index has the last word. */
function isDuplicateBooking(error: unknown): boolean {
  for (let x = error as { code?: string; constraint?: string; cause?: unknown } | undefined; x;) {
    if (x.code === '23505' && (x.constraint ?? '').startsWith('course_attendees')) return true;
    x = x.cause as typeof x;
  }
  return false;
}

export const conflict = (code: string, message: string) => new AppError(409, code, message);

/** Why a self-booking is refused, as the error the client gets. */
function closedError(user: AuthUser, reason: NonNullable<ReturnType<typeof bookingClosedReason>>) {
  switch (reason) {
    case 'no-right':
      return refusalOf(user, coursesPolicy.book, undefined);
    case 'not-published':
      return conflict('COURSE_NOT_PUBLISHED', e.notPublished);
    case 'not-bookable':
      return conflict('COURSE_NOT_BOOKABLE', e.notBookable);
    case 'started':
      return conflict('COURSE_STARTED', e.started);
  }
}

/**
 * The course, if the actor may see it (404 otherwise), then locked for the
 * rest of the transaction.
 */
export async function visibleLockedCourse(
  ctx: CoursesContext,
  tx: Executor,
  actor: CourseActor,
  courseKey: string,
): Promise<LockedCourse> {
  const visible = await findCourseForViewer(tx, actor.viewer, courseKey);
  if (!visible) throw errors.notFound(e.notACourse);
  return lockCourse(tx, String(visible.post.id));
}

export function validAnswers(stored: LockedCourse, given: readonly AttendeeAnswer[]) {
  const { answers, problems } = checkAnswers(stored.row.course?.attendeeInformation ?? [], given);
  if (problems.length) throw errors.validation(problems);
  return answers;
}

/**
 * The status a new booking gets: the organiser's choice when they make one
 * (a place must be free for approved or pending), otherwise a free place
 * while one is left and the reserve list after that.
 */
async function placeFor(
  tx: Executor,
  stored: LockedCourse,
  chosen: AttendeeStatus | undefined,
): Promise<AttendeeStatus> {
  const capacity = stored.row.course?.numberOfAttendees ?? 0;
  const counts = await placeCountsOf(tx, stored.row.id);
  if (chosen === undefined) return placesLeft(capacity, counts) > 0 ? 'approved' : 'reserve';
  if (chosen !== 'reserve' && taken(counts) >= capacity) throw conflict('COURSE_FULL', e.full);
  return chosen;
}

export async function audit(
  tx: Executor,
  actor: CourseActor,
  action: string,
  postId: number,
  attendee: { key: string; status?: AttendeeStatus },
  before?: { status: AttendeeStatus },
) {
  await recordAudit(tx, {
    actorUserId: actor.user.id,
    realUserId: actor.realUserId,
    action,
    entityType: 'course',
    entityId: postId,
    before: before ?? null,
    after: attendee,
    requestId: actor.requestId,
  });
}

async function insertOrConflict(
  tx: Executor,
  values: Parameters<typeof insertAttendee>[1],
  duplicateMessage: string,
) {
  try {
    // A savepoint, so the duplicate's error leaves the transaction usable for the answer.
    return await tx.transaction((inner) => insertAttendee(inner, values));
  } catch (error) {
    if (isDuplicateBooking(error)) throw conflict('ALREADY_BOOKED', duplicateMessage);
    throw error;
  }
}

export function commit<T>(ctx: CoursesContext, work: (tx: Executor) => Promise<T>): Promise<T> {
  return ctx.db.transaction(work);
}

/**
 * POST /course/{id}/attendee/{userId}: books a portal user. Oneself with
 * book_course while the course is open; anyone, any time before it is
 * removed, when the actor is an organiser. Places are counted under the
 * course's row lock, so concurrent bookings never exceed them.
 */
export async function bookUser(
  ctx: CoursesContext,
  actor: CourseActor,
  courseKey: string,
  userKey: string,
  input: BookingValues,
): Promise<AttendeeRecord> {
  const key = parseAttendeeKey(userKey);
  if (!('userId' in key)) {
    throw errors.validation([{ field: 'userId', message: sv.courses.validation.invalidAttendee }]);
  }
  const now = ctx.now();
  const scope = await identityScopeOf(ctx.db, actor.user);
  return commit(ctx, async (tx) => {
    const stored = await visibleLockedCourse(ctx, tx, actor, courseKey);
    const facts = lockedFacts(stored);
    const organiser = can(actor.user, coursesPolicy.manage, facts);
    const self = key.userId === actor.user.id;
    authorize(actor.user, coursesPolicy.bookUser, { course: facts, userId: key.userId });
    if (input.status !== undefined) authorize(actor.user, coursesPolicy.manage, facts);
    if (organiser) {
      if (facts.status === 'trash') throw conflict('COURSE_NOT_PUBLISHED', e.notPublished);
    } else {
      const reason = bookingClosedReason(actor.user, facts, now);
      if (reason) throw closedError(actor.user, reason);
    }
    if (!self) {
      const [target] = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.id, key.userId));
      if (!target) throw errors.notFound(e.userNotFound);
    }
    if (await findAttendee(tx, scope, stored.row.id, key)) {
      throw conflict('ALREADY_BOOKED', self ? e.alreadyBooked : e.otherAlreadyBooked);
    }
    const answers = validAnswers(stored, input.answers);
    const status = await placeFor(tx, stored, input.status);
    await insertOrConflict(
      tx,
      {
        postId: stored.row.id,
        userId: key.userId,
        status,
        answers,
        bookedBy: self ? null : actor.user.id,
        now,
      },
      self ? e.alreadyBooked : e.otherAlreadyBooked,
    );
    await audit(tx, actor, 'course.attendee.added', stored.row.id, {
      key: String(key.userId),
      status,
    });
    return (await findAttendee(tx, scope, stored.row.id, key))!;
  });
}

/**
 * POST /course/{id}/attendee-external: an organiser books someone without
 * an account; they get a confirmation by e-mail. Only organisers, so the
 * portal cannot be used to send mail to any address.
 */
export async function bookExternal(
  ctx: CoursesContext,
  actor: CourseActor,
  courseKey: string,
  input: ExternalValues,
): Promise<AttendeeRecord> {
  const now = ctx.now();
  const record = await commit(ctx, async (tx) => {
    const stored = await visibleLockedCourse(ctx, tx, actor, courseKey);
    const facts = lockedFacts(stored);
    authorize(actor.user, coursesPolicy.manage, facts);
    if (facts.status === 'trash') throw conflict('COURSE_NOT_PUBLISHED', e.notPublished);
    const answers = validAnswers(stored, input.answers);
    const status = await placeFor(tx, stored, input.status);
    const id = await insertOrConflict(
      tx,
      {
        postId: stored.row.id,
        userId: null,
        externalName: input.name,
        externalEmail: input.email,
        externalOrganisation: input.organisation,
        status,
        answers,
        bookedBy: actor.user.id,
        now,
      },
      e.externalAlreadyBooked,
    );
    await audit(tx, actor, 'course.attendee.added', stored.row.id, {
      key: attendeeKeyOf({ id, userId: null }),
      status,
    });
    // Someone without an account: no protected identity to keep from the organiser.
    const found = (await findAttendee(tx, seenByThemselves, stored.row.id, { externalId: id }))!;
    const message: CourseMail = confirmationMail(mailInfo(stored.row, ctx.siteOrigin), {
      name: found.name,
      email: input.email,
      status: found.status,
      reservePosition: found.reservePosition,
    });
    await ctx.mailer.queue(tx, [message]);
    return found;
  });
  ctx.mailer.wake();
  return record;
}
