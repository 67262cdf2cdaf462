import { createHash } from 'node:crypto';
import type { getPostsRequest, myPostsQuery } from '@skolportalen/shared';
import {
  slug as slugSchema,
  slugify,
  sv,
  type SlugAvailability,
  type SortTerm,
  type z,
} from '@skolportalen/shared';
import type { Executor } from '../../db/client';
import { contentGeneration } from '../../db/content-generation';
import { errors } from '../../http/errors';
import type { PostViewer } from '../audience/post-visibility';
import { freeSlug } from './post-values';
import { countPosts, listPostsPage } from './post-feed.repo';
import { type ListedPostRow, type Page, type PostFilters, type PostSortColumn } from './posts.repo';
import type { PostsContext } from './posts.service';

type GetPostsBody = z.output<typeof getPostsRequest>;
type MyPostsQuery = z.output<typeof myPostsQuery>;

function parseDate(value: string | undefined, field: string, endOfDay: boolean) {
  if (value === undefined || value === '') return undefined;
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const parsed = new Date(dateOnly ? `${value}T${endOfDay ? '23:59:59.999' : '00:00:00'}Z` : value);
  if (Number.isNaN(parsed.getTime())) {
    throw errors.validation([{ field, message: sv.validation.invalidValue }]);
  }
  return parsed;
}

/** GetPosts filters; status defaults to publish (spec §7). */
export function listFilters(body: GetPostsBody): PostFilters {
  return {
    types: body.type,
    statuses: body.status?.length ? body.status : ['publish'],
    nodeIds: body.nodeIds,
    categoryIds: body.categoryIds,
    authorId: body.authorId,
    search: body.search || undefined,
    dateFrom: parseDate(body.dateFrom, 'dateFrom', false),
    dateTo: parseDate(body.dateTo, 'dateTo', true),
    pagePlacements: body.pagePlacement,
    unread: body.unread,
    mustRead: body.mustRead,
  };
}

/** A writer's own list: everything but the trash unless the trash is asked for. */
export function ownListFilters(query: MyPostsQuery): PostFilters {
  return {
    types: query.type,
    statuses: query.status?.length ? query.status : ['publish', 'future', 'draft'],
    search: query.search || undefined,
  };
}

/** Counts change only with writes: cached a few seconds under the content counter. */
const countTtlMs = 10_000;

async function cachedCount(
  ctx: PostsContext,
  viewer: PostViewer,
  filters: PostFilters,
  knownCounter: string | undefined,
) {
  // The unread and must-read filters change with every read and confirmation; counted fresh.
  if (filters.unread || filters.mustRead) return countPosts(ctx.db, viewer, filters);
  const version = knownCounter ?? (await contentGeneration(ctx.db));
  const fingerprint = createHash('sha1')
    .update(
      JSON.stringify([viewer.listAll ? 'all' : viewer.audience, filters, viewer.audience.userId]),
    )
    .digest('base64url');
  const key = `posts:count:${version}:${fingerprint}`;
  const hit = await ctx.cache.get<number>(key);
  if (hit !== undefined) return hit;
  const total = await countPosts(ctx.db, viewer, filters);
  await ctx.cache.set(key, total, countTtlMs);
  return total;
}

export async function listPosts(
  ctx: PostsContext,
  viewer: PostViewer,
  filters: PostFilters,
  sort: readonly SortTerm<PostSortColumn>[],
  page: Page,
  /** The content counter, when the request has read it already (GetPosts). */
  knownCounter?: string,
): Promise<{ rows: ListedPostRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    listPostsPage(ctx.db, viewer, filters, sort, page),
    cachedCount(ctx, viewer, filters, knownCounter),
  ]);
  return { rows, total };
}

/** GET /post-slug-availability/{slug}: free or not, and a free one close to it. */
export async function slugAvailability(
  db: Executor,
  wanted: string,
  excludeId?: number,
): Promise<SlugAvailability> {
  const valid = slugSchema.safeParse(wanted);
  const digits = /^\d+$/.test(wanted);
  if (!valid.success || digits) {
    return {
      slug: wanted,
      available: false,
      suggestion: await freeSlug(db, slugify(wanted), excludeId),
      message: sv.validation.slug,
    };
  }
  const suggestion = await freeSlug(db, wanted, excludeId);
  const available = suggestion === wanted;
  return {
    slug: wanted,
    available,
    suggestion,
    message: available ? null : sv.content.validation.slugTaken,
  };
}
