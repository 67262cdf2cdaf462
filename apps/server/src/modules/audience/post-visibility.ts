import { eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { posts } from '../../db/schema';
import type { Audience, PostAudience } from './audience.repo';

/** Who is asking: their post audience, and whether post_list_all lifts the audience rule. */
export interface PostViewer {
  audience: PostAudience;
  listAll: boolean;
}

const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The reader wrote the post or is one of its assigned editors. */
export function ownedBy(userId: number | Placeholder): SQL {
  return or(
    eq(posts.authorId, userId),
    sql`exists (select 1 from post_editors pe where pe.post_id = ${posts.id} and pe.user_id = ${userId})`,
  )!;
}

/**
 * Ids of the posts that name the reader, that they wrote, or that they edit,
 * in any status: `readable` below decides which statuses they see.
 */
export function namedOrOwnPostIds(userId: number | Placeholder): SQL {
  return sql`select pu.post_id from post_users pu where pu.user_id = ${userId}
    union all select po.id from posts po where po.author_id = ${userId}
    union all select pe.post_id from post_editors pe where pe.user_id = ${userId}`;
}

/**
 * Ids of the posts that reach the reader or are theirs: published posts from
 * the feed table (one row per published post and (group, category) pair it
 * targets) for the reader's groups and categories, and the posts above. The
 * cost follows the reader's audience, not the number of posts.
 */
function reachedOrOwnPostIds(audience: Audience): SQL {
  const { nodeIds, categoryIds, userId } = audience;
  const branches: SQL[] = [];
  if (nodeIds.length && categoryIds.length) {
    branches.push(
      sql`select pf.post_id from post_feed pf where pf.node_id in (${idList(nodeIds)}) and pf.category_id in (${idList(categoryIds)})`,
    );
  }
  branches.push(namedOrOwnPostIds(userId));
  return sql.join(branches, sql` union all `);
}

/** A reader sees only published posts; authors and editors every status of their own. */
function readable(userId: number): SQL {
  return sql`(${posts.status} = 'publish' or ${ownedBy(userId)})`;
}

/**
 * Who sees a post (decision 0011, decision 0036): a published post that
 * targets one of the reader's groups (or a group above them, or a child's
 * group for a guardian) and one of their categories, or that names the
 * reader; any post they wrote or edit. post_list_all sees everything
 * (`undefined`: no condition). Statuses follow the publishing and
 * unpublishing dates through the scheduler, so a scheduled or expired post
 * is not published here either.
 *
 * The one rule for every read of posts: a single post, the lists, search,
 * comments and likes, courses and a person's posts.
 */
export function visiblePostCondition(viewer: PostViewer): SQL | undefined {
  if (viewer.listAll) return undefined;
  const { audience } = viewer;
  return sql`(${posts.id} in (${reachedOrOwnPostIds(audience)}) and ${readable(audience.userId)})`;
}
