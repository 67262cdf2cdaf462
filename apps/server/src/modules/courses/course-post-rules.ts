import { format, sv, type PostValues } from '@skolportalen/shared';
import type { Executor } from '../../db/client';
import type { Actor } from '../../identity/actor';
import { authorize } from '../../identity/authorize';
import { AppError } from '../../http/errors';
import type { PostRow } from '../posts/posts.repo';
import type { PostTypeRules } from '../posts/post-type-rules';
import { placeCountsOf, taken } from './course-attendees.repo';
import type { CourseMailer } from './course-mail';
import { fillFromReserve, mailInfo, promotionMails } from './course-places';
import { coursesPolicy } from './courses.policy';

const v = sv.courses.validation;

/**
 * The course rules of every post write, whichever route it came by (POST|PUT
 * /post or /course), handed to the posts module as its post type rules.
 */
export function courseTypeRules(mailer: CourseMailer | undefined): PostTypeRules {
  return {
    assertMayWrite: assertMayWriteCourse,
    async beforeReplace(tx, stored, values, options) {
      const mails = await applyCourseUpdate(tx, stored, values, { ...options, mailer });
      return mails > 0 && mailer ? () => mailer.wake() : undefined;
    },
  };
}

/**
 * Writing a course needs create_course; a course already stored stays
 * editable by whoever may edit the post.
 */
export function assertMayWriteCourse(
  actor: Actor,
  values: Pick<PostValues, 'type'>,
  stored?: Pick<PostRow, 'type'>,
) {
  if (values.type === 'course' && stored?.type !== 'course') {
    authorize(actor.user, coursesPolicy.create);
  }
}

/**
 * Saving a course that people have booked (run under the post's row lock):
 * it stays a course, keeps at least as many places as are taken, and places
 * it gains go to the reserve list at once, whose promoted attendees are
 * e-mailed in the same transaction. Answers how many mails were queued.
 */
export async function applyCourseUpdate(
  tx: Executor,
  stored: PostRow,
  values: PostValues,
  options: { now: Date; siteOrigin: string; mailer?: CourseMailer },
): Promise<number> {
  if (stored.type !== 'course') return 0;
  const counts = await placeCountsOf(tx, stored.id);
  const booked = taken(counts);
  if (values.type !== 'course') {
    if (booked + counts.reserve > 0) {
      throw new AppError(409, 'COURSE_HAS_ATTENDEES', v.typeChangeWithAttendees, [
        { field: 'type', message: v.typeChangeWithAttendees },
      ]);
    }
    return 0;
  }
  const capacity = values.course?.numberOfAttendees ?? 0;
  if (capacity < booked) {
    const message = format(v.capacityBelowBooked, { n: booked });
    throw new AppError(409, 'COURSE_CAPACITY_BELOW_BOOKED', message, [
      { field: 'course.numberOfAttendees', message },
    ]);
  }
  // A course being closed or removed gives nobody a place.
  if (values.status === 'draft' || values.status === 'trash') return 0;
  const promoted = await fillFromReserve(tx, stored.id, capacity, options.now);
  if (!options.mailer) return 0;
  return options.mailer.queue(
    tx,
    promotionMails(
      mailInfo(
        { title: values.title, slug: values.slug ?? stored.slug, course: values.course },
        options.siteOrigin,
      ),
      promoted,
    ),
  );
}
