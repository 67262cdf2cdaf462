import { sv, type attendeeUpdateInput, type z } from '@skolportalen/shared';
import { authorize, can } from '../../identity/authorize';
import { identityScopeOf } from '../../identity/protected-identity';
import { seenByThemselves } from '../../identity/shown-names';
import { errors } from '../../http/errors';
import {
  attendeeKeyOf,
  deleteAttendeeRow,
  findAttendee,
  parseAttendeeKey,
  placeCountsOf,
  taken,
  updateAttendeeRow,
  type AttendeeRecord,
} from './course-attendees.repo';
import type { CourseMail } from './course-mail';
import { fillFromReserve, lockedFacts, mailInfo, promotionMails } from './course-places';
import type { CourseActor, CoursesContext } from './courses.context';
import { coursesPolicy, mayCancelOwn } from './courses.policy';
import {
  audit,
  commit,
  conflict,
  validAnswers,
  visibleLockedCourse,
} from './course-booking.service';

const e = sv.courses.errors;

type UpdateValues = z.output<typeof attendeeUpdateInput>;

/**
 * PUT /course/{id}/attendee/{userId}: organisers change the status (moving
 * someone up from the reserve list needs a free place and tells them by
 * e-mail; moving someone down puts them last in the queue); attendees may
 * change their own answers.
 */
export async function changeAttendee(
  ctx: CoursesContext,
  actor: CourseActor,
  courseKey: string,
  attendeeKey: string,
  input: UpdateValues,
): Promise<AttendeeRecord> {
  const now = ctx.now();
  const scope = await identityScopeOf(ctx.db, actor.user);
  const { record, queued } = await commit(ctx, async (tx) => {
    const stored = await visibleLockedCourse(ctx, tx, actor, courseKey);
    const facts = lockedFacts(stored);
    const key = parseAttendeeKey(attendeeKey);
    const attendee = await findAttendee(tx, scope, stored.row.id, key);
    if (!attendee) throw errors.notFound(e.notBooked);
    authorize(actor.user, coursesPolicy.handleBooking, {
      course: facts,
      attendeeUserId: attendee.userId,
    });
    if (input.status !== undefined) authorize(actor.user, coursesPolicy.manage, facts);
    const answers = input.answers === undefined ? undefined : validAnswers(stored, input.answers);
    const status = input.status ?? attendee.status;
    const movingUp = attendee.status === 'reserve' && status !== 'reserve';
    if (movingUp) {
      const counts = await placeCountsOf(tx, stored.row.id);
      if (taken(counts) >= (stored.row.course?.numberOfAttendees ?? 0)) {
        throw conflict('COURSE_FULL', e.full);
      }
    }
    const movingDown = attendee.status !== 'reserve' && status === 'reserve';
    await updateAttendeeRow(tx, attendee.id, {
      status,
      ...(answers ? { answers } : {}),
      ...(movingDown ? { queuedAt: now } : {}),
      now,
    });
    await audit(
      tx,
      actor,
      'course.attendee.changed',
      stored.row.id,
      { key: attendeeKeyOf(attendee), status },
      { status: attendee.status },
    );
    const updated = (await findAttendee(tx, scope, stored.row.id, key))!;
    // The mail goes to the attendee themselves: their own name and address.
    const promoted: CourseMail[] = movingUp
      ? promotionMails(mailInfo(stored.row, ctx.siteOrigin), [
          (await findAttendee(tx, seenByThemselves, stored.row.id, key))!,
        ])
      : [];
    return { record: updated, queued: await ctx.mailer.queue(tx, promoted) };
  });
  if (queued) ctx.mailer.wake();
  return record;
}

/**
 * DELETE /course/{id}/attendee/{userId}: the attendee cancels (until the
 * cancellation date; the reserve list may always be left) or an organiser
 * removes them. A place given back goes to the first on the reserve list,
 * who is told by e-mail.
 */
export async function cancelAttendee(
  ctx: CoursesContext,
  actor: CourseActor,
  courseKey: string,
  attendeeKey: string,
): Promise<{ postId: number }> {
  const now = ctx.now();
  const scope = await identityScopeOf(ctx.db, actor.user);
  const { postId, queued } = await commit(ctx, async (tx) => {
    const stored = await visibleLockedCourse(ctx, tx, actor, courseKey);
    const facts = lockedFacts(stored);
    const organiser = can(actor.user, coursesPolicy.manage, facts);
    const attendee = await findAttendee(tx, scope, stored.row.id, parseAttendeeKey(attendeeKey));
    if (!attendee) throw errors.notFound(e.notBooked);
    authorize(actor.user, coursesPolicy.handleBooking, {
      course: facts,
      attendeeUserId: attendee.userId,
    });
    if (!organiser && !mayCancelOwn(facts, attendee.status, now)) {
      throw conflict('CANCELLATION_CLOSED', e.cancellationClosed);
    }
    await deleteAttendeeRow(tx, attendee.id);
    await audit(
      tx,
      actor,
      'course.attendee.removed',
      stored.row.id,
      {
        key: attendeeKeyOf(attendee),
      },
      { status: attendee.status },
    );
    const heldPlace = attendee.status !== 'reserve';
    const promoted =
      heldPlace && facts.status === 'publish'
        ? await fillFromReserve(tx, stored.row.id, stored.row.course?.numberOfAttendees ?? 0, now)
        : [];
    for (const moved of promoted) {
      await audit(
        tx,
        actor,
        'course.attendee.promoted',
        stored.row.id,
        {
          key: attendeeKeyOf(moved),
          status: moved.status,
        },
        { status: 'reserve' },
      );
    }
    const mails = promotionMails(mailInfo(stored.row, ctx.siteOrigin), promoted);
    return { postId: stored.row.id, queued: await ctx.mailer.queue(tx, mails) };
  });
  if (queued) ctx.mailer.wake();
  return { postId };
}
