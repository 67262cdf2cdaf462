import { searchQueryMax } from '../constants';
import type { PostType } from '../content/post-types';
import { format } from '../texts/format';
import { sv } from '../texts/sv';
import { listQuery, stringList } from './common';
import { z } from './zod-sv';

/** The post types search looks in: those with a page of their own to open (spec §2 URL prefixes). */
export const searchPostTypes = [
  'news',
  'pinned-news',
  'info',
  'info-important',
  'alert',
  'page',
  'page-related',
  'advertisment',
  'givetake',
  'course',
] as const satisfies readonly PostType[];
export type SearchPostType = (typeof searchPostTypes)[number];

/** What a hit can be: one of those post types, or a tool (`tool` stands for the tools list). */
export const searchTypes = [...searchPostTypes, 'tool'] as const;
export type SearchType = (typeof searchTypes)[number];

/** Hits per page at most: every hit on a page gets highlighted excerpts, which costs. */
export const searchPerPageMax = 50;
export const searchPerPageDefault = 20;

/** GET /search: `q`, `type[]` (post types and/or `tool`), `page`, `perPage`. */
export const searchQuery = z.object({
  q: z
    .string({
      error: (issue) => (issue.input === undefined ? sv.search.validation.empty : undefined),
    })
    .trim()
    .min(1, sv.search.validation.empty)
    .max(searchQueryMax, format(sv.search.validation.tooLong, { n: searchQueryMax })),
  type: stringList(z.enum(searchTypes)),
  page: listQuery.shape.page,
  perPage: z.coerce
    .number<unknown>()
    .int(sv.validation.integer)
    .min(1)
    .max(searchPerPageMax)
    .default(searchPerPageDefault),
});
export type SearchQuery = z.input<typeof searchQuery>;

/**
 * Highlighted text as pieces: `match` marks the words that matched. The client
 * renders matches as <mark>, so no markup ever travels in the text itself.
 */
export const highlightedText = z.array(z.object({ text: z.string(), match: z.boolean() }));
export type HighlightedText = z.infer<typeof highlightedText>;

export const searchResult = z.object({
  kind: z.enum(['post', 'tool']),
  id: z.number(),
  type: z.enum(searchTypes),
  title: z.string(),
  /** The title with its matching words marked. */
  titleHighlight: highlightedText,
  /** The best passages of the excerpt and body (a tool's descriptions), matches marked. */
  snippet: highlightedText,
  /** A post's slug, for its reading address; null for tools. */
  slug: z.string().nullable(),
  /** A tool's address; null for posts. */
  url: z.string().nullable(),
  /** When a post was published; null for tools. */
  date: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResult>;
