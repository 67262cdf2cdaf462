import { sql } from 'drizzle-orm';
import { plannedRows, type Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';

/** One row of the feed table, its times as milliseconds since 1970 (with their microseconds). */
export interface FeedRowValues {
  postId: number;
  nodeId: number;
  categoryId: number;
  type: string;
  sortOrder: number;
  sortAt: number;
  publishedAt: number;
  /** The post's place on the start page ('none' for none). */
  placement: string;
  /** Whether the post asks its readers to confirm it (a must-read notice). */
  mustRead: boolean;
}

interface RawFeedRow {
  generation: string;
  postId: number | null;
  nodeId: number | null;
  categoryId: number | null;
  type: string | null;
  sortOrder: number | null;
  sortAt: number | null;
  publishedAt: number | null;
  placement: string | null;
  mustRead: boolean | null;
}

// Microseconds kept: two posts published within one millisecond still sort as in SQL.
const feedColumns = sql.raw(`pf.post_id as "postId", pf.node_id as "nodeId",
  pf.category_id as "categoryId", pf.type, pf.sort_order as "sortOrder",
  (extract(epoch from pf.sort_at) * 1000)::float8 as "sortAt",
  (extract(epoch from pf.published_at) * 1000)::float8 as "publishedAt",
  pf.placement, pf.must_read as "mustRead"`);

/** The feed's rows with what the start page asks of their posts besides the feed's own columns. */
const feedWithPosts = sql.raw(`select f.*, p.page_placement as placement,
  p.requires_acknowledgement as must_read from post_feed f join posts p on p.id = f.post_id`);

function feedRow(row: RawFeedRow): FeedRowValues | null {
  if (row.postId === null || row.nodeId === null) return null;
  return {
    postId: Number(row.postId),
    nodeId: Number(row.nodeId),
    categoryId: Number(row.categoryId),
    type: row.type!,
    sortOrder: Number(row.sortOrder),
    sortAt: Number(row.sortAt),
    publishedAt: Number(row.publishedAt),
    placement: row.placement ?? 'none',
    mustRead: row.mustRead === true,
  };
}

/**
 * The whole feed table with the feed counter it stands at, in one statement
 * (one snapshot), or null rows when it holds more than `limit` rows.
 */
export async function loadFeedRows(
  db: Executor,
  limit: number,
): Promise<{ generation: number; rows: FeedRowValues[] | null }> {
  const found = await rowsOf<RawFeedRow>(
    db,
    sql`select g.value::text as generation, ${feedColumns}
          from (select value from cache_generations where scope = 'feed') g
          left join (${feedWithPosts} limit ${limit + 1}) pf on true`,
  );
  const generation = Number(found[0]?.generation ?? 0);
  if (found.length > limit) return { generation, rows: null };
  return { generation, rows: found.flatMap((row) => feedRow(row) ?? []) };
}

/**
 * The posts whose feed rows changed after counter value `since`, with the
 * rows each has now (none for a post that left the feed), and the counter
 * they stand at: one statement, so no change is seen without its value.
 */
export async function feedChangesSince(
  db: Executor,
  since: number,
): Promise<{ generation: number; changed: number[]; rows: FeedRowValues[] }> {
  const found = await plannedRows<RawFeedRow & { changedId: number | null }>(
    db,
    sql`select g.value::text as generation, c.post_id as "changedId", ${feedColumns}
          from (select value from cache_generations where scope = 'feed') g
          left join (
            (select distinct post_id from post_feed_changes where generation > ${since}::bigint) c
            left join (${feedWithPosts}) pf on pf.post_id = c.post_id
          ) on true`,
  );
  const changed = new Set<number>();
  for (const row of found) if (row.changedId !== null) changed.add(Number(row.changedId));
  return {
    generation: Number(found[0]?.generation ?? 0),
    changed: [...changed],
    rows: found.flatMap((row) => feedRow(row) ?? []),
  };
}
