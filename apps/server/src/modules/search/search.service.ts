import {
  searchPostTypes,
  type SearchPostType,
  type SearchResult,
  type SearchType,
} from '@skolportalen/shared';
import type { Executor } from '../../db/client';
import { finishSnippet, highlightPieces } from './search-highlight';
import { searchQueries } from './search-query';
import {
  findHits,
  postHitRows,
  toolHitRows,
  type Page,
  type SearchScope,
  type SearchViewer,
} from './search.repo';

/** What `type[]` asks for: the post types among it, and whether tools; nothing asked means everything. */
export function scopeOf(types: readonly SearchType[] | undefined): SearchScope {
  if (!types?.length) return { postTypes: searchPostTypes, tools: true };
  const postTypes = searchPostTypes.filter((type) => types.includes(type));
  return { postTypes, tools: types.includes('tool') };
}

const isoDate = (value: Date | string | null): string | null =>
  value === null ? null : new Date(value).toISOString();

/**
 * One page of what the viewer may see that matches `text`, best first, with
 * highlighted titles and passages. Text holding no word finds nothing.
 */
export async function search(
  db: Executor,
  viewer: SearchViewer,
  text: string,
  types: readonly SearchType[] | undefined,
  page: Page,
): Promise<{ results: SearchResult[]; total: number }> {
  const queries = searchQueries(text);
  if (!queries) return { results: [], total: 0 };
  const { hits, total } = await findHits(db, queries, viewer, scopeOf(types), page);
  const idsOf = (kind: 'post' | 'tool') =>
    hits.filter((hit) => hit.kind === kind).map((hit) => hit.id);
  const [postRows, toolRows] = await Promise.all([
    postHitRows(db, queries, idsOf('post')),
    toolHitRows(db, queries, idsOf('tool')),
  ]);
  const postsById = new Map(postRows.map((row) => [Number(row.id), row]));
  const toolsById = new Map(toolRows.map((row) => [Number(row.id), row]));
  const results = hits.flatMap((hit): SearchResult[] => {
    if (hit.kind === 'post') {
      const row = postsById.get(hit.id);
      if (!row) return [];
      return [
        {
          kind: 'post',
          id: hit.id,
          type: row.type as SearchPostType,
          title: row.title,
          titleHighlight: highlightPieces(row.titleMarked),
          snippet: finishSnippet(highlightPieces(row.snippetMarked), {
            excerpt: row.excerpt,
            start: row.sourceStart,
            end: row.sourceEnd,
          }),
          slug: row.slug,
          url: null,
          date: isoDate(row.date),
        },
      ];
    }
    const row = toolsById.get(hit.id);
    if (!row) return [];
    return [
      {
        kind: 'tool',
        id: hit.id,
        type: 'tool',
        title: row.name,
        titleHighlight: highlightPieces(row.titleMarked),
        snippet: finishSnippet(highlightPieces(row.snippetMarked), {
          excerpt: row.excerpt,
          start: row.sourceStart,
          end: row.sourceEnd,
        }),
        slug: null,
        url: row.url,
        date: null,
      },
    ];
  });
  return { results, total };
}
