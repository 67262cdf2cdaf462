import { createHash } from 'node:crypto';
import {
  type PagePlacement,
  type PostStatus,
  type PostType,
  type postSortColumns,
  type SortTerm,
} from '@skolportalen/shared';
import { and, eq, getTableColumns, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { plannedOnce, plannedRows, type Executor } from '../../db/client';
import { intArrayParam } from '../../db/raw-rows';
import { mappedOnce } from '../../db/row-mapping';
import { posts, type StoredRendition } from '../../db/schema';
import { visiblePostCondition, type PostViewer } from '../audience/post-visibility';

export type PostRow = typeof posts.$inferSelect;
type StoredRenditions = Record<'thumb' | 'card', StoredRendition>;
export type PostSortColumn = (typeof postSortColumns)[number];

export interface PostFilters {
  types?: PostType[];
  statuses: PostStatus[];
  nodeIds?: number[];
  categoryIds?: number[];
  authorId?: number;
  search?: string;
  dateFrom?: Date;
  dateTo?: Date;
  pagePlacements?: PagePlacement[];
  unread?: boolean;
  /** Must-read notices only: those still to confirm, or all that ask the reader (decision 0040). */
  mustRead?: 'pending' | 'all';
  /** Only posts the viewer wrote or is an assigned editor of (GET /my-post). */
  ownOnly?: boolean;
}

export interface Page {
  page: number;
  perPage: number;
}

/** Spec §7 default: "order ASC". Within an order the newest comes first. */
export const defaultPostSort: SortTerm<PostSortColumn>[] = [{ column: 'order', direction: 'ASC' }];

export interface PostMediaRow {
  id: number;
  filename: string;
  title: string;
  alt: string;
  width: number | null;
  height: number | null;
  renditions: StoredRenditions | null;
}

/** A post row with everything a list item shows, read in the same statement. */
export interface ListedPostRow {
  post: Omit<PostRow, 'content' | 'search' | 'searchText'>;
  /**
   * The author's name as stored; `marked` when they have a protected identity,
   * whose name `presentPosts` shows only to those who may see them.
   */
  author: { id: number; name: string; marked: boolean } | null;
  media: PostMediaRow | null;
  medias: PostMediaRow[];
  nodeIds: number[];
  categoryIds: number[];
  userIds: number[];
  editorIds: number[];
  isRead: boolean;
  likeCount: number;
  /** The viewer's like of the post, if any. */
  likeId: number | null;
  commentCount: number;
}

export interface DetailedPostRow extends ListedPostRow {
  content: PostRow['content'];
  /** The library images the post shows (media_usages), read with the content. */
  usedMedia: PostMediaRow[];
}

export const intList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

export function targetsAnyNode(nodeIds: readonly number[]): SQL {
  if (nodeIds.length === 0) return sql`false`;
  return sql`exists (select 1 from post_nodes pn where pn.post_id = ${posts.id} and pn.node_id in (${intList(nodeIds)}))`;
}

export function targetsAnyCategory(categoryIds: readonly number[]): SQL {
  if (categoryIds.length === 0) return sql`false`;
  return sql`exists (select 1 from post_categories pc where pc.post_id = ${posts.id} and pc.category_id in (${intList(categoryIds)}))`;
}

/**
 * ORDER BY terms. "order" is the derived list position (sort_order, then
 * newest first), written exactly as the feed index so the index serves it.
 */
export function orderFor(terms: readonly SortTerm<PostSortColumn>[]): SQL[] {
  const order: SQL[] = [];
  for (const { column, direction } of terms) {
    const asc = direction === 'ASC';
    const dir = sql.raw(asc ? 'asc' : 'desc');
    switch (column) {
      case 'order':
        order.push(
          sql`${posts.sortOrder} ${dir}`,
          sql`${posts.sortAt} ${sql.raw(asc ? 'desc nulls last' : 'asc nulls first')}`,
        );
        break;
      case 'publishedDate':
        order.push(sql`${posts.publishedDate} ${dir} nulls last`);
        break;
      case 'acknowledgeBy':
        // The nearest deadline first; notices without one after those with one.
        order.push(sql`${posts.acknowledgeBy} ${dir} nulls last`);
        break;
      case 'title':
        order.push(sql`lower(${posts.title}) ${dir}`);
        break;
      case 'created':
        order.push(sql`${posts.createdAt} ${dir}`);
        break;
      case 'updated':
        order.push(sql`${posts.updatedAt} ${dir}`);
        break;
      case 'type':
        order.push(sql`${posts.type} ${dir}`);
        break;
      case 'status':
        order.push(sql`${posts.status} ${dir}`);
        break;
      case 'id':
        order.push(sql`${posts.id} ${dir}`);
        break;
    }
  }
  const last = terms.at(-1);
  const ascending = last?.column === 'order' ? last.direction === 'ASC' : true;
  if (!terms.some((term) => term.column === 'id')) {
    order.push(sql`${posts.id} ${sql.raw(ascending ? 'desc nulls last' : 'asc nulls first')}`);
  }
  return order;
}

const {
  content: _content,
  search: _search,
  searchText: _searchText,
  ...listColumns
} = getTableColumns(posts);

function mediaJson(alias: string) {
  return sql.raw(
    `json_build_object('id', ${alias}.id, 'filename', ${alias}.filename, 'title', ${alias}.title, 'alt', ${alias}.alt, 'width', ${alias}.width, 'height', ${alias}.height, 'renditions', ${alias}.renditions)`,
  );
}

/** Everything a list item shows besides its own columns, per post, in SQL. */
/**
 * Qualified on purpose: drizzle writes a single-table query's select-list
 * columns without their table, and inside these subqueries a bare "id" would
 * name the subquery's own table.
 */
const own = {
  id: sql.raw('"posts"."id"'),
  authorId: sql.raw('"posts"."author_id"'),
  mediaId: sql.raw('"posts"."media_id"'),
};

function extras(userId: number | Placeholder) {
  return {
    author: sql<
      ListedPostRow['author']
    >`(select json_build_object('id', u.id, 'name', trim(u.first_name || ' ' || u.last_name), 'marked', u.security_marking <> 'Ingen') from users u where u.id = ${own.authorId})`,
    media: sql<PostMediaRow | null>`(select ${mediaJson('m')} from media m where m.id = ${own.mediaId})`,
    medias: sql<
      PostMediaRow[]
    >`coalesce((select json_agg(${mediaJson('m')} order by pm.position) from post_media pm join media m on m.id = pm.media_id where pm.post_id = ${own.id}), '[]'::json)`,
    nodeIds: sql<
      number[]
    >`array(select node_id from post_nodes where post_id = ${own.id} order by node_id)`,
    categoryIds: sql<
      number[]
    >`array(select category_id from post_categories where post_id = ${own.id} order by category_id)`,
    userIds: sql<
      number[]
    >`array(select user_id from post_users where post_id = ${own.id} order by user_id)`,
    editorIds: sql<
      number[]
    >`array(select user_id from post_editors where post_id = ${own.id} order by user_id)`,
    isRead: sql<boolean>`exists (select 1 from post_reads r where r.post_id = ${own.id} and r.user_id = ${userId})`,
    likeCount: sql<number>`(select count(*)::int from likes l where l.post_id = ${own.id})`,
    likeId: sql<
      number | null
    >`(select l.id from likes l where l.post_id = ${own.id} and l.user_id = ${userId})`,
    commentCount: sql<number>`(select count(*)::int from comments c where c.post_id = ${own.id})`,
  };
}

const numbers = (list: unknown): number[] => (Array.isArray(list) ? list.map(Number) : []);

function normalise<T extends ListedPostRow>(row: T): T {
  return {
    ...row,
    nodeIds: numbers(row.nodeIds),
    categoryIds: numbers(row.categoryIds),
    userIds: numbers(row.userIds),
    editorIds: numbers(row.editorIds),
    medias: row.medias ?? [],
    isRead: Boolean(row.isRead),
    likeCount: Number(row.likeCount ?? 0),
    likeId: row.likeId === null || row.likeId === undefined ? null : Number(row.likeId),
    commentCount: Number(row.commentCount ?? 0),
  };
}

function selectListed(db: Executor, userId: number | Placeholder) {
  return db.select({ post: listColumns, ...extras(userId) });
}

/**
 * The rows of one page, dressed with author, media, targets and read flag in
 * the same statement: `pageIds` is a subquery giving the page's post ids.
 */
export function dressedQuery(
  db: Executor,
  userId: number | Placeholder,
  pageIds: SQL,
  order: SQL[],
) {
  return selectListed(db, userId)
    .from(posts)
    .where(sql`${posts.id} in (${pageIds})`)
    .orderBy(...order);
}

export function normaliseRows(rows: unknown[]): ListedPostRow[] {
  return rows.map((row) => normalise(row as ListedPostRow));
}

type PreparedByIds = ReturnType<typeof prepareByIds>;
const preparedByIds = new WeakMap<Executor, PreparedByIds>();

/** The list rows of posts by id: one text for any number of ids, so built and planned once. */
function prepareByIds(db: Executor) {
  return mappedOnce(
    selectListed(db, sql.placeholder('user'))
      .from(posts)
      .where(sql`${posts.id} = any(${sql.placeholder('ids')}::int[])`)
      .prepare('posts_by_ids'),
  );
}

/**
 * List rows of the given posts in the given order, for lists that choose
 * their page themselves (the feed kept in memory, must-read notices,
 * courses). With the content counter the caller read (`content`), what
 * every reader of a post is shown comes from the rows kept at that counter,
 * and only what is the reader's own is read.
 */
export async function listedPostsByIds(
  db: Executor,
  userId: number,
  postIds: readonly number[],
  content?: string,
): Promise<ListedPostRow[]> {
  if (postIds.length === 0) return [];
  const byId = await rowsByIdsTogether(db, userId, postIds, content);
  return postIds.flatMap((id) => byId.get(id) ?? []);
}

/** The posts asked for one reader in this turn of the event loop, read together when it ends. */
interface PendingByIds {
  ids: Set<number>;
  /** The content counter every asker gave; null when one gave none or another. */
  content: string | null;
  rows: Promise<Map<number, ListedPostRow>>;
}

const pendingByIds = new WeakMap<Executor, Map<number, PendingByIds>>();

/**
 * A page's lists (the notices, the placed pages, the news) each ask for their
 * page's posts at the same moment: they are read in one statement. Asked on
 * the same executor (the same transaction, if any) and for the same reader
 * only, so what each row says of its reader stays theirs.
 */
function rowsByIdsTogether(
  db: Executor,
  userId: number,
  postIds: readonly number[],
  content: string | undefined,
): Promise<Map<number, ListedPostRow>> {
  let forReader = pendingByIds.get(db);
  if (!forReader) pendingByIds.set(db, (forReader = new Map()));
  let pending = forReader.get(userId);
  if (!pending) {
    const asking = forReader;
    const batch: PendingByIds = {
      ids: new Set<number>(),
      content: content ?? null,
      rows: new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        asking.delete(userId);
        return readRowsByIds(db, userId, [...batch.ids], batch.content);
      }),
    };
    pending = batch;
    forReader.set(userId, pending);
  } else if (pending.content !== content) {
    pending.content = null;
  }
  for (const id of postIds) pending.ids.add(id);
  return pending.rows;
}

/*
 * The part of a post's row every reader is shown (its columns, author,
 * media, targets and comment count) is the same until content changes, and
 * the content counter (migration 0015) rises at the commit of every such
 * change. So rows read for one reader are kept with the counter they were
 * read at, and another reader of the same posts at the same counter has only
 * their own part read: whether they read it, their like, and the likes'
 * count (a like raises the liker's counter, not content's). Most of a start
 * page's statement was the shared part: eleven subqueries a post, 47 columns
 * parsed (issue 31).
 */
interface KeptRow {
  content: string;
  row: ListedPostRow;
}

const keptRowsBy = new WeakMap<Executor, Map<number, KeptRow>>();
/** Posts kept at once per executor; more and the oldest go (a map keeps its insertion order). */
const maxKeptRows = 10_000;

function keptRowsOf(db: Executor): Map<number, KeptRow> {
  let kept = keptRowsBy.get(db);
  if (!kept) keptRowsBy.set(db, (kept = new Map()));
  return kept;
}

function keepRows(db: Executor, content: string, rows: Iterable<ListedPostRow>) {
  const kept = keptRowsOf(db);
  for (const row of rows) {
    kept.delete(row.post.id);
    kept.set(row.post.id, { content, row });
  }
  for (const id of kept.keys()) {
    if (kept.size <= maxKeptRows) break;
    kept.delete(id);
  }
}

interface ReaderPartRow {
  id: number;
  isRead: boolean;
  likeId: number | null;
  likeCount: number;
}

/** The reader's own part of each post that still exists: one text for any ids, planned once. */
function readerParts(db: Executor, userId: number, postIds: readonly number[]) {
  return plannedRows<ReaderPartRow>(
    db,
    sql`select p.id,
          exists (select 1 from post_reads r where r.post_id = p.id and r.user_id = ${userId}) as "isRead",
          (select l.id from likes l where l.post_id = p.id and l.user_id = ${userId}) as "likeId",
          (select count(*)::int from likes l where l.post_id = p.id) as "likeCount"
        from posts p where p.id = any(${intArrayParam(postIds)}::int[])`,
  );
}

async function readRowsByIds(
  db: Executor,
  userId: number,
  postIds: readonly number[],
  content: string | null,
): Promise<Map<number, ListedPostRow>> {
  const kept = content === null ? undefined : keptRowsOf(db);
  const allKept = kept && postIds.every((id) => kept.get(id)?.content === content);
  if (kept && allKept) {
    const parts = await readerParts(db, userId, postIds);
    return new Map(
      parts.map((part) => {
        // The shared objects are the kept row's own: presenting relies on it (post-texts.ts).
        const row: ListedPostRow = {
          ...kept.get(part.id)!.row,
          isRead: Boolean(part.isRead),
          likeId: part.likeId === null ? null : Number(part.likeId),
          likeCount: Number(part.likeCount),
        };
        return [part.id, row];
      }),
    );
  }
  // Each key lookup plans the same way whatever the ids: planned once per connection.
  const planned = plannedOnce(db);
  let prepared = preparedByIds.get(planned);
  if (!prepared) preparedByIds.set(planned, (prepared = prepareByIds(planned)));
  const rows = await prepared.execute({ user: userId, ids: intArrayParam(postIds) });
  const byId = new Map(rows.map((row) => [row.post.id, normalise(row as ListedPostRow)]));
  if (content !== null) keepRows(db, content, byId.values());
  return byId;
}

export async function dressedPage(
  db: Executor,
  userId: number,
  pageIds: SQL,
  order: SQL[],
): Promise<ListedPostRow[]> {
  const query = dressedQuery(db, userId, pageIds, order);
  // A named statement per query text: PostgreSQL then plans it once per
  // connection instead of on every request (planning costs more than running).
  const name = `posts_page_${createHash('sha1').update(query.toSQL().sql).digest('base64url')}`;
  return normaliseRows(await query.prepare(name).execute());
}

/** `{id}` of /post/{id}: digits are an id, anything else a slug. */
export function keyCondition(key: string): SQL {
  if (!/^\d+$/.test(key)) return eq(posts.slug, key);
  // Slugs are never all digits, so a number beyond the id column's range
  // (int4) names no post — it must not reach the database as a parameter.
  const numeric = Number(key);
  return numeric <= 2_147_483_647 ? eq(posts.id, numeric) : sql`false`;
}

/**
 * The images a post shows, as its writes recorded them (decision 0005): a
 * pdf has no size to reserve. Read in the statement that reads the content.
 */
const usedImages = sql<
  PostMediaRow[]
>`coalesce((select json_agg(${mediaJson('m')} order by m.id) from media_usages mu join media m on m.id = mu.media_id where mu.entity_type = 'post' and mu.entity_id = ${own.id}::text and m.file_type <> 'pdf'), '[]'::json)`;

/** One post with its block tree, if the viewer may see it. */
export async function findVisiblePost(
  db: Executor,
  viewer: PostViewer,
  key: string,
): Promise<DetailedPostRow | undefined> {
  const [row] = await selectListed(db, viewer.audience.userId)
    .from(posts)
    .where(and(keyCondition(key), visiblePostCondition(viewer)))
    .limit(1);
  if (!row) return undefined;
  const [content] = await db
    .select({ content: posts.content, usedMedia: usedImages })
    .from(posts)
    .where(eq(posts.id, row.post.id));
  return {
    ...normalise(row as ListedPostRow),
    content: content?.content ?? [],
    usedMedia: content?.usedMedia ?? [],
  };
}

/** The stored row and its targets, for writes (locked for the transaction). */
export async function lockPost(db: Executor, key: string) {
  const [row] = await db.select().from(posts).where(keyCondition(key)).for('update');
  if (!row) return undefined;
  const targets = await loadTargets(db, row.id);
  return { row, ...targets };
}

export interface PostTargets {
  nodeIds: number[];
  categoryIds: number[];
  userIds: number[];
  editorIds: number[];
  mediaIds: number[];
}

export async function loadTargets(db: Executor, postId: number): Promise<PostTargets> {
  const [row] = await db
    .select({
      nodeIds: sql<
        number[]
      >`array(select node_id from post_nodes where post_id = ${postId} order by node_id)`,
      categoryIds: sql<
        number[]
      >`array(select category_id from post_categories where post_id = ${postId} order by category_id)`,
      userIds: sql<
        number[]
      >`array(select user_id from post_users where post_id = ${postId} order by user_id)`,
      editorIds: sql<
        number[]
      >`array(select user_id from post_editors where post_id = ${postId} order by user_id)`,
      mediaIds: sql<
        number[]
      >`array(select media_id from post_media where post_id = ${postId} order by position)`,
    })
    .from(sql`(select 1) as one`);
  return {
    nodeIds: numbers(row?.nodeIds),
    categoryIds: numbers(row?.categoryIds),
    userIds: numbers(row?.userIds),
    editorIds: numbers(row?.editorIds),
    mediaIds: numbers(row?.mediaIds),
  };
}
