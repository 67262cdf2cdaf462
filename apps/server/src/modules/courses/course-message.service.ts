import { protectedIdentityName, sv, type courseMessageInput, type z } from '@skolportalen/shared';
import { authorize } from '../../identity/authorize';
import { errors } from '../../http/errors';
import { seenByNoOne, seenByThemselves, shownNamesOf } from '../../identity/shown-names';
import { recordAudit } from '../audit/audit.repo';
import { attendeesOf } from './course-attendees.repo';
import { organiserMail } from './course-mail';
import { mailInfo } from './course-places';
import { courseFacts } from './course-present';
import type { CourseActor, CoursesContext } from './courses.context';
import { coursesPolicy } from './courses.policy';
import { findCourseForViewer } from './courses.repo';

type MessageValues = z.output<typeof courseMessageInput>;

/**
 * POST /course/{id}/message: an organiser e-mails the attendees with the
 * chosen statuses. Says how many got it and how many have no address. Each
 * mail goes to the attendee's own address; the signature names a sender with
 * a protected identity as "Skyddad identitet", since not every attendee may
 * see them (decision 0039).
 */
export async function messageAttendees(
  ctx: CoursesContext,
  actor: CourseActor,
  courseKey: string,
  input: MessageValues,
): Promise<{ sent: number; withoutEmail: number }> {
  const row = await findCourseForViewer(ctx.db, actor.viewer, courseKey);
  if (!row) throw errors.notFound(sv.courses.errors.notACourse);
  authorize(actor.user, coursesPolicy.manage, courseFacts(row));
  const chosen = new Set(input.statuses);
  const recipients = (await attendeesOf(ctx.db, seenByThemselves, row.post.id)).filter((attendee) =>
    chosen.has(attendee.status),
  );
  const senderNames = await shownNamesOf(ctx.db, seenByNoOne, [actor.user.id]);
  const senderName = senderNames.get(actor.user.id) ?? protectedIdentityName;
  const addresses = [
    ...new Set(recipients.flatMap((attendee) => (attendee.email ? [attendee.email] : []))),
  ];
  const info = mailInfo(row.post, ctx.siteOrigin);
  await ctx.db.transaction(async (tx) => {
    await recordAudit(tx, {
      actorUserId: actor.user.id,
      realUserId: actor.realUserId,
      action: 'course.message',
      entityType: 'course',
      entityId: row.post.id,
      after: { subject: input.subject, statuses: input.statuses, recipients: addresses.length },
      requestId: actor.requestId,
    });
    await ctx.mailer.queue(
      tx,
      addresses.map((to) => organiserMail(info, { ...input, senderName }, to)),
    );
  });
  if (addresses.length) ctx.mailer.wake();
  return {
    sent: addresses.length,
    withoutEmail: recipients.filter((attendee) => !attendee.email).length,
  };
}
