import type { AcknowledgementReportItem } from '@skolportalen/shared';
import { and, count, desc, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { posts } from '../../db/schema';
import type { AuthUser } from '../../identity/auth-user.repo';
import { ownedBy, visiblePostCondition, type PostViewer } from '../audience/post-visibility';
import { reachesSchoolOf } from '../posts/post-acknowledgement-state';
import { presentPosts } from '../posts/post-present';
import { editsEveryPost } from '../posts/posts.policy';
import { listedPostsByIds, type Page } from '../posts/posts.repo';

/**
 * `postsPolicy.readAcknowledgements` as a condition on posts, for the list:
 * the posts one wrote or edits, those reaching a school of a rektor, or
 * every one (administrators, edit_all_posts). The rule still decides each
 * item as it is presented; this only finds the candidates in SQL.
 */
function reportableBy(user: AuthUser): SQL | undefined {
  if (user.isAdmin || editsEveryPost(user)) return undefined;
  const own = ownedBy(user.id);
  return user.isSchoolResponsible ? sql`(${own} or ${reachesSchoolOf(user.id)})` : own;
}

/**
 * GET /acknowledgement-reports: a page of the published must-read notices
 * whose report the viewer may read, newest first. Each gives its reading
 * page only to a viewer who may read the post (decision 0036); a rektor
 * reads the report of a notice to her school's guardians without being one.
 */
export async function acknowledgementReports(
  db: Executor,
  user: AuthUser,
  viewer: PostViewer,
  page: Page,
): Promise<{ items: AcknowledgementReportItem[]; total: number }> {
  const where = and(
    sql`${posts.status} = 'publish'`,
    sql`${posts.requiresAcknowledgement}`,
    reportableBy(user),
  );
  const [ids, [counted]] = await Promise.all([
    db
      .select({ id: posts.id })
      .from(posts)
      .where(where)
      .orderBy(sql`${posts.publishedDate} desc nulls last`, desc(posts.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db.select({ n: count() }).from(posts).where(where),
  ]);
  const postIds = ids.map((row) => row.id);
  if (postIds.length === 0) return { items: [], total: Number(counted?.n ?? 0) };
  const [rows, readable] = await Promise.all([
    listedPostsByIds(db, user.id, postIds),
    db
      .select({ id: posts.id })
      .from(posts)
      .where(and(inArray(posts.id, postIds), visiblePostCondition(viewer))),
  ]);
  const readableIds = new Set(readable.map((row) => row.id));
  const presented = await presentPosts(db, user, rows);
  const items = presented
    .filter((post) => post.can.readAcknowledgements)
    .map((post) => ({
      id: post.id,
      type: post.type,
      title: post.title,
      url: readableIds.has(post.id) ? post.url : null,
      author: post.author,
      publishedDate: post.publishedDate,
      acknowledgeBy: post.acknowledgeBy,
      acknowledgement: post.acknowledgement,
    }));
  return { items, total: Number(counted?.n ?? 0) };
}
