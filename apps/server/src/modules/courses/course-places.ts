import type { Executor } from '../../db/client';
import { errors } from '../../http/errors';
import { seenByThemselves } from '../../identity/shown-names';
import { lockPost, type PostRow, type PostTargets } from '../posts/posts.repo';
import {
  attendeesOf,
  firstReserves,
  placeCountsOf,
  taken,
  updateAttendeeRow,
  type AttendeeRecord,
} from './course-attendees.repo';
import type { CourseMail, CourseMailInfo } from './course-mail';
import { promotionMail } from './course-mail';
import type { CourseFacts } from './courses.policy';

export type LockedCourse = { row: PostRow } & PostTargets;

/**
 * The course row, locked until the transaction ends: every change to a
 * course's places runs behind this lock, so the database (not the process)
 * decides who gets the last place, on every instance (decision 0013).
 */
export async function lockCourse(tx: Executor, key: string): Promise<LockedCourse> {
  const stored = await lockPost(tx, key);
  if (!stored || stored.row.type !== 'course') throw errors.notFound();
  return stored;
}

export function lockedFacts(stored: LockedCourse): CourseFacts {
  return {
    type: stored.row.type,
    status: stored.row.status,
    authorId: stored.row.authorId,
    editorIds: stored.editorIds,
    course: stored.row.course ?? null,
  };
}

export function mailInfo(row: Pick<PostRow, 'title' | 'slug' | 'course'>, siteOrigin: string) {
  return { title: row.title, slug: row.slug, course: row.course ?? null, siteOrigin };
}

/**
 * Gives free places to the reserve list in queue order (after a
 * cancellation, or when the course gets more places). Runs under the
 * course lock; answers with who moved up, as they themselves are named and
 * addressed (for the mail each of them gets, never for another's eyes).
 */
export async function fillFromReserve(
  tx: Executor,
  postId: number,
  capacity: number,
  now: Date,
): Promise<AttendeeRecord[]> {
  const counts = await placeCountsOf(tx, postId);
  const free = Math.min(capacity - taken(counts), counts.reserve);
  if (free <= 0) return [];
  const next = await firstReserves(tx, postId, free);
  for (const { id } of next) await updateAttendeeRow(tx, id, { status: 'approved', now });
  const moved = new Set(next.map((row) => row.id));
  return (await attendeesOf(tx, seenByThemselves, postId)).filter((attendee) =>
    moved.has(attendee.id),
  );
}

/** The e-mails telling each promoted attendee they have a place (those without an address get none). */
export function promotionMails(
  info: CourseMailInfo,
  promoted: readonly AttendeeRecord[],
): CourseMail[] {
  return promoted.flatMap((attendee) =>
    attendee.email
      ? [
          promotionMail(info, {
            name: attendee.name,
            email: attendee.email,
            external: attendee.userId === null,
          }),
        ]
      : [],
  );
}
