import { format, sv, type PostType } from '@skolportalen/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { seenByNoOne, shownNamesOf } from '../../identity/shown-names';
import type { JobService } from '../../jobs/job-service';
import { recordAudit } from '../audit/audit.repo';
import { fanOutQueue, queueNotification } from '../notifications/notification-jobs';
import { recordPostVersions } from '../posts/post-versions.repo';
import { refreshFeed } from '../posts/post-writes.repo';
import { addDays, dayIn, periodOf, reviewedTypes, type ReviewSettings } from './review-dates';
import { escalationRecipients, recordNotice } from './reviews.repo';

const t = sv.reviews.mail;

export const reviewQueue = 'posts.review';

export interface ReviewDeps {
  db: Database;
  jobs: JobService;
  settings: ReviewSettings;
  siteOrigin: string;
}

export interface ReviewRun {
  dated: number[];
  reminded: number[];
  escalated: number[];
  unpublished: number[];
}

interface Candidate {
  id: number;
  type: PostType;
  title: string;
  slug: string;
  owner_id: number | null;
  owner_active: boolean;
  review_date: string;
  review_period: number;
  /** The Stockholm day of this period's reminder and escalation, when taken. */
  reminded_on: string | null;
  escalated_on: string | null;
}

const list = (values: readonly (number | string)[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

const noticeDay = (stage: string) =>
  sql`(select (n.created_at at time zone 'Europe/Stockholm')::date::text from post_review_notices n
    where n.post_id = p.id and n.period = p.review_period and n.stage = ${stage})`;

/** Published posts of a reviewed type with a date, with the steps of their period so far. */
function candidates(types: readonly PostType[], only?: number) {
  return sql`select p.id, p.type, p.title, p.slug, p.owner_id, p.review_date::text as review_date,
      p.review_period,
      (o.id is not null and o.disabled_at is null) as owner_active,
      ${noticeDay('reminder')} as reminded_on,
      ${noticeDay('escalation')} as escalated_on
    from posts p left join users o on o.id = p.owner_id
    where p.status = 'publish' and p.review_date is not null and p.type in (${list(types)})
      ${only === undefined ? sql`` : sql`and p.id = ${only}`}`;
}

const later = (a: string, b: string) => (a > b ? a : b);

/**
 * Which step is due for the post on `today`, in order (decision 0045): the
 * reminder from REVIEW_REMINDER_DAYS before the date; the escalation
 * REVIEW_ESCALATION_DAYS after the date, and never sooner after the
 * reminder; the unpublishing REVIEW_UNPUBLISH_DAYS after the escalation. A
 * post whose date passed long ago (a new setting, a backfilled date) so
 * still gets each grace period in full.
 */
function dueStep(settings: ReviewSettings, post: Candidate, today: string) {
  if (post.reminded_on === null) {
    return today >= addDays(post.review_date, -settings.reminderDays) ? 'reminder' : null;
  }
  if (post.escalated_on === null) {
    const from = later(post.review_date, post.reminded_on);
    return today >= addDays(from, settings.escalationDays) ? 'escalation' : null;
  }
  return today >= addDays(post.escalated_on, settings.unpublishDays) ? 'unpublished' : null;
}

const editorAddress = (siteOrigin: string, postId: number) =>
  `${siteOrigin.replace(/\/+$/, '')}/skapa-innehall/${postId}`;

async function tell(
  tx: Executor,
  jobs: JobService,
  message: { subject: string; text: string; userIds: number[] },
) {
  if (message.userIds.length === 0) return;
  await queueNotification(tx, jobs, {
    subject: message.subject,
    text: message.text,
    audience: { nodeIds: [], categoryIds: [], userIds: message.userIds },
    createdBy: null,
    source: 'review',
  });
}

/**
 * One step for one post, in its own transaction under the post's row lock:
 * the post is read again (a review since, or a change of status, is seen),
 * the step recorded once for the period (the unique index: a second run
 * does nothing), the people told and the step audited.
 */
async function takeStep(deps: ReviewDeps, postId: number, now: Date, today: string) {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select id from posts where id = ${postId} for update`);
    const [post] = await rowsOf<Candidate>(tx, candidates(reviewedTypes(deps.settings), postId));
    if (!post) return null;
    const stage = dueStep(deps.settings, post, today);
    if (!stage) return null;
    const ownerIds = post.owner_active && post.owner_id !== null ? [Number(post.owner_id)] : [];
    const date = post.review_date;
    if (stage === 'reminder') {
      if (!(await record(tx, post, stage, ownerIds, now))) return null;
      await tell(tx, deps.jobs, {
        subject: format(t.reminderSubject, { title: post.title }),
        text: format(t.reminderText, {
          title: post.title,
          date,
          url: editorAddress(deps.siteOrigin, post.id),
        }),
        userIds: ownerIds,
      });
    } else if (stage === 'escalation') {
      const recipients = await escalationRecipients(tx, deps.settings.escalationRole, post.id);
      if (!(await record(tx, post, stage, recipients, now))) return null;
      // A mail read by several: the owner named as one who may see no one would (decision 0039).
      const owner =
        post.owner_id === null
          ? undefined
          : (await shownNamesOf(tx, seenByNoOne, [Number(post.owner_id)])).get(
              Number(post.owner_id),
            );
      await tell(tx, deps.jobs, {
        subject: format(t.escalationSubject, { title: post.title }),
        text: format(t.escalationText, {
          title: post.title,
          date,
          owner: owner ?? t.noOwner,
          unpublishDate: addDays(today, deps.settings.unpublishDays),
          url: `${deps.siteOrigin.replace(/\/+$/, '')}/profile/content-review`,
        }),
        userIds: recipients,
      });
    } else {
      // Without an owner to tell, the principals who were told hear of it instead.
      const told =
        ownerIds.length > 0
          ? ownerIds
          : await escalationRecipients(tx, deps.settings.escalationRole, post.id);
      if (!(await record(tx, post, stage, told, now))) return null;
      // Back to a draft like any unpublishing: out of every feed, a version kept; a new period
      // starts, so a post published again without a review is reminded about again.
      await tx.execute(
        sql`update posts set status = 'draft', review_period = review_period + 1, updated_at = ${now.toISOString()}::timestamptz
          where id = ${post.id}`,
      );
      await refreshFeed(tx, [post.id]);
      await recordPostVersions(tx, [post.id], { at: now, by: null, event: 'unpublished' });
      await tell(tx, deps.jobs, {
        subject: format(t.unpublishedSubject, { title: post.title }),
        text: format(t.unpublishedText, {
          title: post.title,
          date,
          url: editorAddress(deps.siteOrigin, post.id),
        }),
        userIds: told,
      });
    }
    return stage;
  });
}

async function record(
  tx: Executor,
  post: Candidate,
  stage: 'reminder' | 'escalation' | 'unpublished',
  recipientIds: number[],
  now: Date,
) {
  const taken = await recordNotice(tx, {
    postId: post.id,
    period: Number(post.review_period),
    stage,
    reviewDate: post.review_date,
    recipientIds,
    at: now,
  });
  if (!taken) return false;
  const action = {
    reminder: 'post.review-reminded',
    escalation: 'post.review-escalated',
    unpublished: 'post.review-unpublished',
  }[stage];
  await recordAudit(tx, {
    actorUserId: null,
    action,
    entityType: 'post',
    entityId: post.id,
    after: {
      reviewDate: post.review_date,
      period: Number(post.review_period),
      ownerId: post.owner_id === null ? null : Number(post.owner_id),
      recipientIds,
    },
  });
  return true;
}

/**
 * Gives a review date to published and draft posts of a reviewed type that
 * have none (a type whose setting was turned on): a period of its type from
 * the day it was last published or changed.
 */
async function dateTheUndated(db: Database, settings: ReviewSettings) {
  const dated: number[] = [];
  for (const type of reviewedTypes(settings)) {
    const months = periodOf(settings, type);
    const rows = await rowsOf<{ id: number }>(
      db,
      sql`update posts set review_date = ((greatest(updated_at, coalesce(published_date, updated_at))
          at time zone 'Europe/Stockholm')::date + make_interval(months => ${months}))::date
        where type = ${type} and review_date is null and status <> 'trash' returning id`,
    );
    dated.push(...rows.map((row) => Number(row.id)));
  }
  return dated;
}

/**
 * The nightly review run at `now` (decision 0045): dates the undated, then
 * for each published post takes the step that is due — remind the owner,
 * tell the school's principals, unpublish — each at most once per review
 * period. Runs repeated, or at once on several instances, do nothing twice.
 */
export async function runReviews(deps: ReviewDeps, now: Date): Promise<ReviewRun> {
  const run: ReviewRun = { dated: [], reminded: [], escalated: [], unpublished: [] };
  const types = reviewedTypes(deps.settings);
  if (types.length === 0) return run;
  run.dated = await dateTheUndated(deps.db, deps.settings);
  const today = dayIn(now);
  const posts = await rowsOf<Candidate>(deps.db, candidates(types));
  const due = posts.filter((post) => dueStep(deps.settings, post, today) !== null);
  for (const post of due) {
    // Each step in order: with no grace days, a long-overdue post may take more than one tonight.
    for (;;) {
      const step = await takeStep(deps, Number(post.id), now, today);
      if (step === null) break;
      const id = Number(post.id);
      if (step === 'reminder') run.reminded.push(id);
      else if (step === 'escalation') run.escalated.push(id);
      else {
        run.unpublished.push(id);
        break;
      }
    }
  }
  if (run.reminded.length + run.escalated.length + run.unpublished.length > 0) {
    deps.jobs.wake(fanOutQueue);
  }
  return run;
}

/** Once a night, across all instances (decision 0012), Stockholm time. */
export function registerReviewRun(
  deps: ReviewDeps & { clock: () => Date; log: FastifyBaseLogger },
) {
  deps.jobs.define({
    name: reviewQueue,
    // The next night is the retry; a step missed tonight is taken then.
    retryLimit: 0,
    backoff: false,
    expireInSeconds: 30 * 60,
    handler: async () => {
      const run = await runReviews(deps, deps.clock());
      const counts = {
        dated: run.dated.length,
        reminded: run.reminded.length,
        escalated: run.escalated.length,
        unpublished: run.unpublished.length,
      };
      deps.log.info({ queue: reviewQueue, ...counts }, 'review run done');
      return counts;
    },
  });
  deps.jobs.schedule(reviewQueue, '41 5 * * *');
}
