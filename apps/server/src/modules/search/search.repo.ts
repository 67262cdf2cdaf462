import type { SearchPostType } from '@skolportalen/shared';
import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/raw-rows';
import { links, posts } from '../../db/schema';
import type { Audience } from '../audience/audience.repo';
import { visiblePostCondition, type PostViewer } from '../audience/post-visibility';
import { visibleTo as toolVisibleTo } from '../links/links.repo';
import { headlineOptions, matchEnd, matchStart } from './search-highlight';
import type { SearchQueries } from './search-query';

/** Who searches: their audience for posts (decision 0011) and for tools (decision 0006). */
export interface SearchViewer {
  posts: PostViewer;
  tools: Audience;
}

export interface SearchScope {
  postTypes: readonly SearchPostType[];
  tools: boolean;
}

export interface Page {
  page: number;
  perPage: number;
}

export interface Hit {
  kind: 'post' | 'tool';
  id: number;
}

export interface PostHitRow {
  id: number;
  type: SearchPostType;
  title: string;
  slug: string;
  date: Date | string | null;
  titleMarked: string;
  snippetMarked: string;
  /** What the passages are taken from, for the plain excerpt and the ellipses. */
  excerpt: string;
  sourceStart: string;
  sourceEnd: string;
}

export interface ToolHitRow {
  id: number;
  name: string;
  url: string;
  titleMarked: string;
  snippetMarked: string;
  excerpt: string;
  sourceStart: string;
  sourceEnd: string;
}

/** Enough of each end of the text to tell whether a passage begins or ends it. */
const sourceEdge = 600;

/**
 * Ranking: ts_rank_cd over the weighted vector (title A, excerpt B, body C;
 * a tool's name A, descriptions B and C) for the words found whole, plus 0.3
 * of it for the words matched as beginnings: a whole word counts more than a
 * longer word it begins ("skolor" in a text against "Skolskjuts").
 * Normalised by log(length) (flag 1) so a long page does not win on length.
 */
function rank(vector: SQL, queries: SearchQueries): SQL {
  return sql`(0.3 * ts_rank_cd(${vector}, to_tsquery('swedish', ${queries.match}), 1) + ts_rank_cd(${vector}, to_tsquery('swedish', ${queries.exact}), 1))`;
}

function matches(vector: SQL, queries: SearchQueries): SQL {
  return sql`${vector} @@ to_tsquery('swedish', ${queries.match})`;
}

/**
 * Published posts of the chosen types the reader may see — the rule every
 * read of posts applies (`visiblePostCondition`, decision 0036), whose
 * candidates come from the feed table, so the cost follows the reader's
 * audience and not how many posts share a common word; an author's drafts
 * and a post_list_all holder's view of everything stay out.
 */
function postHits(queries: SearchQueries, viewer: SearchViewer, types: readonly SearchPostType[]) {
  const typeList = sql.raw(types.map((type) => `'${type}'`).join(', '));
  return sql`select 'post' as kind, ${posts.id} as id, ${rank(sql`${posts.search}`, queries)} as rank,
      coalesce(${posts.publishedDate}, ${posts.createdAt}) as at
    from ${posts}
    where ${visiblePostCondition({ ...viewer.posts, listAll: false })}
      and ${posts.status} = 'publish' and ${posts.type} in (${typeList})
      and ${matches(sql`${posts.search}`, queries)}`;
}

/** Tools aimed at the user (standard and optional), as the tools list decides it. */
function toolHits(queries: SearchQueries, viewer: SearchViewer) {
  return sql`select 'tool' as kind, ${links.id} as id, ${rank(sql`${links.search}`, queries)} as rank,
      ${links.createdAt} as at
    from ${links}
    where ${matches(sql`${links.search}`, queries)} and ${toolVisibleTo(viewer.tools)}`;
}

function hits(queries: SearchQueries, viewer: SearchViewer, scope: SearchScope): SQL | null {
  const parts: SQL[] = [];
  if (scope.postTypes.length) parts.push(postHits(queries, viewer, scope.postTypes));
  if (scope.tools) parts.push(toolHits(queries, viewer));
  if (parts.length === 0) return null;
  return sql.join(parts, sql` union all `);
}

/** One page of hits, best first (newer first among equals), and how many there are in all. */
export async function findHits(
  db: Executor,
  queries: SearchQueries,
  viewer: SearchViewer,
  scope: SearchScope,
  page: Page,
): Promise<{ hits: Hit[]; total: number }> {
  const all = hits(queries, viewer, scope);
  if (!all) return { hits: [], total: 0 };
  // The total rides on the page's rows, so the hits are found once.
  const rows = await rowsOf<{ kind: Hit['kind']; id: number; total: number }>(
    db,
    sql`select kind, id, count(*) over ()::int as total from (${all}) hits
      order by rank desc, at desc, kind, id
      limit ${page.perPage} offset ${(page.page - 1) * page.perPage}`,
  );
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && page.page > 1) {
    const counted = await rowsOf<{ total: number }>(
      db,
      sql`select count(*)::int as total from (${all}) hits`,
    );
    total = Number(counted[0]?.total ?? 0);
  }
  return { hits: rows.map((row) => ({ kind: row.kind, id: Number(row.id) })), total };
}

/** Stored text without the two markers, so every marker in a headline is ts_headline's. */
function unmarked(text: SQL): SQL {
  return sql`translate(${text}, ${matchStart + matchEnd}, '')`;
}

/** Body text beyond this is not looked at for the excerpt: ts_headline's cost follows the text. */
const snippetSourceMax = 20_000;

function headline(text: SQL, queries: SearchQueries, fragments: number): SQL {
  return sql`ts_headline('swedish', ${unmarked(text)}, to_tsquery('swedish', ${queries.match}), ${headlineOptions(fragments)})`;
}

/** The page's posts with their marked title and best passages. */
export async function postHitRows(
  db: Executor,
  queries: SearchQueries,
  ids: readonly number[],
): Promise<PostHitRow[]> {
  if (ids.length === 0) return [];
  // The excerpt ends its own sentence, as the blocks do (joinBlockTexts), so a snippet does not run it into the first heading.
  const excerpt = sql`case when ${posts.excerpt} ~ '([.!?:;…]|^)\s*$' then ${posts.excerpt} else ${posts.excerpt} || '.' end`;
  const body = sql`${excerpt} || ' ' || left(${posts.searchText}, ${snippetSourceMax})`;
  return rowsOf<PostHitRow>(
    db,
    sql`select ${posts.id} as id, ${posts.type} as type, ${posts.title} as title, ${posts.slug} as slug,
        coalesce(${posts.publishedDate}, ${posts.createdAt}) as date,
        ${headline(sql`${posts.title}`, queries, 0)} as "titleMarked",
        ${headline(body, queries, 2)} as "snippetMarked",
        ${posts.excerpt} as excerpt,
        left(${body}, ${sourceEdge}) as "sourceStart",
        right(${body}, ${sourceEdge}) as "sourceEnd"
      from ${posts} where ${inArray(posts.id, [...ids])}`,
  );
}

/** The page's tools with their marked name and descriptions. */
export async function toolHitRows(
  db: Executor,
  queries: SearchQueries,
  ids: readonly number[],
): Promise<ToolHitRow[]> {
  if (ids.length === 0) return [];
  const body = sql`${links.shortDescription} || '. ' || ${links.longDescription}`;
  return rowsOf<ToolHitRow>(
    db,
    sql`select ${links.id} as id, ${links.name} as name, ${links.url} as url,
        ${headline(sql`${links.name}`, queries, 0)} as "titleMarked",
        ${headline(body, queries, 1)} as "snippetMarked",
        ${body} as excerpt, ${body} as "sourceStart", ${body} as "sourceEnd"
      from ${links} where ${inArray(links.id, [...ids])}`,
  );
}
