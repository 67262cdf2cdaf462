import type {
  AcknowledgementChannel,
  AcknowledgementMode,
  MyAcknowledgement,
  ReachedChild,
} from '@skolportalen/shared';
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { intArrayParam } from '../../db/raw-rows';
import { rowsTogether } from '../../db/together';
import { posts } from '../../db/schema';
import type { AuthUser } from '../../identity/auth-user.repo';
import { identityScopeOf } from '../../identity/protected-identity';
import { shownNamesOf } from '../../identity/shown-names';
import type { PostAudience } from '../audience/audience.repo';
import { readerReach } from '../audience/post-reach';

/** Who reads, for what a must-read post asks of them (decision 0040), and when. */
export interface AcknowledgementReader {
  audience: PostAudience;
  now: Date;
}

interface RecordedAcknowledgement {
  userId: number;
  childId: number | null;
  acknowledgedAt: string;
  via: AcknowledgementChannel;
}

/** What one post asks of the reader, before names: the children it reached, or the reader. */
export interface ReaderPostState {
  /** A published must-read post: only such a post asks anything. */
  asks: boolean;
  mode: AcknowledgementMode;
  acknowledgeBy: Date | null;
  childIds: number[];
  self: boolean;
  /** The reader's confirmations, and other guardians' for the reader's children. */
  acknowledgements: RecordedAcknowledgement[];
}

/**
 * For each post: which of the reader's children it reached, whether the
 * reader confirms for themselves, and the confirmations that count for them.
 * One statement for a page of posts.
 */
export async function readerPostStates(
  db: Executor,
  audience: PostAudience,
  postIds: readonly number[],
): Promise<Map<number, ReaderPostState>> {
  const states = new Map<number, ReaderPostState>();
  if (postIds.length === 0) return states;
  const reach = readerReach(audience, sql.raw('p.id'));
  const childIds = audience.children.map((child) => child.id);
  const theirs = childIds.length
    ? sql`(a.user_id = ${audience.userId} or a.child_id = any(${intArrayParam(childIds)}::int[]))`
    : sql`a.user_id = ${audience.userId}`;
  // With the page's other reads about the reader (who they may see) as one statement, whose
  // text depends only on how many children they have: planned once per connection.
  const rows = await rowsTogether<{
    id: number;
    asks: boolean;
    acknowledgement: AcknowledgementMode;
    acknowledge_by: string | Date | null;
    child_ids: number[] | null;
    self: boolean;
    acknowledgements: RecordedAcknowledgement[] | null;
  }>(
    db,
    audience.userId,
    sql`select p.id, p.requires_acknowledgement and p.status = 'publish' as asks,
        p.acknowledgement, p.acknowledge_by, ${reach.childIds} as child_ids, ${reach.self} as self,
        (select json_agg(json_build_object('userId', a.user_id, 'childId', a.child_id,
            'acknowledgedAt', a.acknowledged_at, 'via', a.via))
          from post_acknowledgements a where a.post_id = p.id and ${theirs}) as acknowledgements
      from posts p where p.id = any(${intArrayParam(postIds)}::int[])`,
  );
  for (const row of rows) {
    states.set(Number(row.id), {
      asks: Boolean(row.asks),
      mode: row.acknowledgement,
      acknowledgeBy: row.acknowledge_by === null ? null : new Date(row.acknowledge_by),
      childIds: (row.child_ids ?? []).map(Number),
      self: Boolean(row.self),
      acknowledgements: (row.acknowledgements ?? []).map((entry) => ({
        ...entry,
        userId: Number(entry.userId),
        childId: entry.childId === null ? null : Number(entry.childId),
      })),
    });
  }
  return states;
}

/**
 * What a must-read post asks of the reader: per child for a guardian it
 * reached through children (a child is done by this guardian, or by any
 * guardian when one is enough), else for themselves; null when it asks
 * nothing of them. The one place that decides whether a reader is done.
 */
export function myAcknowledgementOf(
  state: ReaderPostState | undefined,
  reader: { userId: number; now: Date },
  childNames: ReadonlyMap<number, string>,
): MyAcknowledgement | null {
  if (!state?.asks) return null;
  const mine = state.acknowledgements.filter((entry) => entry.userId === reader.userId);
  let acknowledged: boolean;
  let acknowledgedAt: string | null = null;
  let children: MyAcknowledgement['children'] = [];
  if (state.childIds.length > 0) {
    children = state.childIds.map((id) => {
      const byMe = mine.some((entry) => entry.childId === id);
      const byAnyone = state.acknowledgements.some((entry) => entry.childId === id);
      return {
        id,
        name: childNames.get(id) ?? '',
        acknowledged: byMe || (state.mode === 'each-reader' && byAnyone),
        acknowledgedByMe: byMe,
      };
    });
    acknowledged = children.every((child) => child.acknowledged);
  } else if (state.self) {
    const own = mine.find((entry) => entry.childId === null);
    acknowledged = own !== undefined;
    acknowledgedAt = own ? new Date(own.acknowledgedAt).toISOString() : null;
  } else {
    return null;
  }
  const overdue =
    !acknowledged &&
    state.acknowledgeBy !== null &&
    state.acknowledgeBy.getTime() <= reader.now.getTime();
  return { acknowledged, overdue, acknowledgedAt, children };
}

/** The reader's children named as the reader may see them (their own, unless a masked session hides one). */
export async function childNamesOf(
  db: Executor,
  user: AuthUser,
  states: Iterable<ReaderPostState>,
): Promise<Map<number, string>> {
  const ids = new Set<number>();
  for (const state of states) for (const id of state.childIds) ids.add(id);
  if (ids.size === 0) return new Map();
  return shownNamesOf(db, await identityScopeOf(db, user), ids, { readerId: user.id });
}

/** The children a post reached, with names, for the per-child badge of a guardian's feed. */
export function reachedChildrenOf(
  state: ReaderPostState | undefined,
  childNames: ReadonlyMap<number, string>,
): ReachedChild[] {
  return (state?.childIds ?? []).map((id) => ({ id, name: childNames.get(id) ?? '' }));
}

/**
 * The post reaches a school unit the user belongs to: it is aimed at the
 * school, a group in it, or a group above it (the municipality). A
 * condition on `posts`, for a single post and for a list alike.
 */
export function reachesSchoolOf(userId: number): SQL {
  return sql`exists (select 1 from post_nodes pn where pn.post_id = ${posts.id} and pn.node_id in (
      with recursive own_schools(id) as (
        select n.id from user_nodes un join nodes n on n.id = un.node_id
          where un.user_id = ${userId} and n.type = 'Skolenhet'
      ),
      above(id) as (
        select id from own_schools
        union
        select n.parent_id from nodes n join above a on n.id = a.id where n.parent_id is not null
      ),
      below(id) as (
        select id from own_schools
        union
        select n.id from nodes n join below b on n.parent_id = b.id
      )
      select id from above union select id from below))`;
}

/** Which of the posts reach a school unit the rektor belongs to (`reachesSchoolOf`). */
export async function postsReachingOwnSchools(
  db: Executor,
  userId: number,
  postIds: readonly number[],
): Promise<Set<number>> {
  if (postIds.length === 0) return new Set();
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(inArray(posts.id, [...postIds]), reachesSchoolOf(userId)));
  return new Set(rows.map((row) => row.id));
}
