import { ids } from '@skolportalen/shared';
import { sql, type SQL } from 'drizzle-orm';
import { intArrayParam } from '../../db/raw-rows';
import type { PostAudience } from './audience.repo';

/**
 * Whom a post asks to confirm it (decision 0040), by the audience rule of
 * decision 0011: a guardian is reached through each child in the post's
 * groups (or below them) when the guardian holds one of its categories, and
 * then confirms per child; anyone else reached — through their own groups
 * and a category, or named — confirms for themselves. A guardian reached
 * through a child confirms only per child. Disabled accounts are expected of
 * no one, nor disabled children.
 *
 * Written twice, as post visibility and read statistics are: from the
 * reader's side (`readerReach`, for the feed, the post and confirming) and
 * from the post's side (`expectedAcknowledgers`, for the report and the
 * reminders). `must-read-notices.int.test.ts` holds the two to one answer.
 */

/*
 * The reader's lists go as one array value each, so the statement's text
 * depends only on how many children the reader has and which lists are
 * empty: it is planned once per connection, not for every reader.
 */

/** SQL over a post id: the post targets one of the groups. */
function targetsAny(postId: SQL, nodeIds: readonly number[]): SQL {
  if (nodeIds.length === 0) return sql`false`;
  return sql`exists (select 1 from post_nodes rpn where rpn.post_id = ${postId} and rpn.node_id = any(${intArrayParam(nodeIds)}::int[]))`;
}

/** SQL over a post id: the post targets one of the categories. */
function targetsCategory(postId: SQL, categoryIds: readonly number[]): SQL {
  if (categoryIds.length === 0) return sql`false`;
  return sql`exists (select 1 from post_categories rpc where rpc.post_id = ${postId} and rpc.category_id = any(${intArrayParam(categoryIds)}::int[]))`;
}

export interface ReaderReach {
  /** The reader's children the post reached, as an int[] (empty for none). */
  childIds: SQL;
  /** Whether it reached a child of theirs at all. */
  anyChild: SQL;
  /** The reader confirms for themselves: reached, and not through a child. */
  self: SQL;
}

/**
 * The reader's side, as SQL over a post id column: which of their children
 * the post reached, and whether they confirm for themselves. Built from the
 * session's post audience, so no tree walk runs per post.
 */
export function readerReach(audience: PostAudience, postId: SQL): ReaderReach {
  const holds = targetsCategory(postId, audience.categoryIds);
  const childReached = (child: PostAudience['children'][number]) =>
    sql`(${holds} and ${targetsAny(postId, child.nodeIds)})`;
  const children = audience.children;
  const anyChild = children.length
    ? sql`(${sql.join(children.map(childReached), sql` or `)})`
    : sql`false`;
  const childIds = children.length
    ? sql`array_remove(array[${sql.join(
        children.map((child) => sql`case when ${childReached(child)} then ${child.id}::int end`),
        sql`, `,
      )}], null)`
    : sql`'{}'::int[]`;
  const named = sql`exists (select 1 from post_users rpu where rpu.post_id = ${postId} and rpu.user_id = ${audience.userId})`;
  const self = sql`(not ${anyChild} and (${named} or (${holds} and ${targetsAny(postId, audience.ownNodeIds)})))`;
  return { childIds, anyChild, self };
}

/**
 * The post's side: a CTE chain ending in `expected(user_id, child_id)`, one
 * row per expected confirmation of post `postId` — a guardian and a child
 * (child_id set), or a reader for themselves (child_id null). Begins after
 * `with recursive`; the caller adds its own CTEs after it.
 */
export function expectedAcknowledgers(postId: number): SQL {
  return sql`reach_targets(node_id) as (
      select pn.node_id from post_nodes pn where pn.post_id = ${postId}
      union
      select n.id from nodes n join reach_targets t on n.parent_id = t.node_id
    ),
    reach_everyone(yes) as (
      select exists (select 1 from post_nodes pn
        where pn.post_id = ${postId} and pn.node_id = ${ids.municipalityNodeId})
    ),
    reach_holders(user_id) as (
      select uc.user_id from user_categories uc
        join post_categories pc on pc.category_id = uc.category_id where pc.post_id = ${postId}
      union
      select ur.user_id from user_roles ur join roles r on r.id = ur.role_id
        join post_categories pc on pc.category_id = r.category_id where pc.post_id = ${postId}
    ),
    reach_members(user_id) as (
      select un.user_id from user_nodes un join reach_targets t on t.node_id = un.node_id
    ),
    reach_pairs(user_id, child_id) as (
      select al.user_id, al.related_user_id from account_links al
        join users g on g.id = al.user_id and g.disabled_at is null
        join users c on c.id = al.related_user_id and c.disabled_at is null
      where al.relation = 'child'
        and al.user_id in (select user_id from reach_holders)
        and ((select yes from reach_everyone) or al.related_user_id in (select user_id from reach_members))
    ),
    reach_readers(user_id) as (
      select u.id from users u
      where u.disabled_at is null
        and (u.id in (select pu.user_id from post_users pu where pu.post_id = ${postId})
          or (u.id in (select user_id from reach_holders)
            and ((select yes from reach_everyone) or u.id in (select user_id from reach_members))))
        and u.id not in (select user_id from reach_pairs)
    ),
    expected(user_id, child_id) as (
      select user_id, child_id from reach_pairs
      union all
      select user_id, null::int from reach_readers
    )`;
}
