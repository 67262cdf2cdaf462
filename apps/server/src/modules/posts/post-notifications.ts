import { format, postUrl, sv, urlPrefixByType } from '@skolportalen/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { posts } from '../../db/schema';
import type { JobService } from '../../jobs/job-service';
import { fanOutQueue, queueNotification } from '../notifications/notification-jobs';
import { loadTargets } from './posts.repo';

/**
 * A post with sendNotification tells its audience when it is published — by
 * its author, or by the scheduler when a scheduled post goes live. Written in
 * the publishing transaction, so the notification exists exactly when the
 * post is published; once per post (the notifications' unique index), however
 * often it is published again.
 */
export async function notifyPublished(
  tx: Executor,
  jobs: JobService,
  siteOrigin: string,
  postIds: number[],
) {
  if (postIds.length === 0) return 0;
  const rows = await tx
    .select()
    .from(posts)
    .where(
      and(
        inArray(posts.id, postIds),
        eq(posts.sendNotification, true),
        eq(posts.status, 'publish'),
      ),
    );
  for (const post of rows) {
    const targets = await loadTargets(tx, post.id);
    const path = postUrl(post.type, post.slug, urlPrefixByType) ?? '/';
    const url = `${siteOrigin.replace(/\/+$/, '')}${path}`;
    await queueNotification(tx, jobs, {
      subject: post.title,
      text: post.excerpt
        ? format(sv.notifications.post.withExcerpt, { excerpt: post.excerpt, url })
        : format(sv.notifications.post.withoutExcerpt, { url }),
      audience: {
        nodeIds: targets.nodeIds,
        categoryIds: targets.categoryIds,
        userIds: targets.userIds,
      },
      createdBy: post.authorId,
      source: 'post',
      postId: post.id,
    });
  }
  return rows.length;
}

/** After the publishing transaction commits: start the fan-out now rather than at the next poll. */
export function wakeNotifications(jobs: JobService) {
  jobs.wake(fanOutQueue);
}
