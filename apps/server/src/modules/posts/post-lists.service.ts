import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
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
import { totalShownByPage } from '../../http/list-total';
import { createSingleFlight, type SingleFlight } from '../../identity/single-flight';
import type { PostViewer } from '../audience/post-visibility';
import { freeSlug } from './post-values';
import { myAcknowledgementOf, readerPostStates } from './post-acknowledgement-state';
import { feedMirrorOf } from './feed-mirror';
import {
  countPosts,
  feedOrderOf,
  isPlacedPages,
  isPlainFeed,
  isPlainMustRead,
  listPostsPage,
  mustReadPostIds,
  readerHasOwnPosts,
} from './post-feed.repo';
import {
  listedPostsByIds,
  type ListedPostRow,
  type Page,
  type PostFilters,
  type PostSortColumn,
} from './posts.repo';
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

/**
 * Counts change only with writes: kept under the content counter, for a
 * minute at most (only to bound the room they take).
 */
const countTtlMs = 60_000;

/**
 * Whether any post names the reader, or was written or is edited by them:
 * such posts join what their audience sees, so their count is their own.
 * Kept under the content counter, which every change to posts, their named
 * readers and editors raises (migration 0015).
 *
 * Kept in this process, not in the shared cache: under the counter every
 * instance finds the same answer, and with Redis a reader's first page (the
 * morning's) spent a round trip to miss and another to store, while its
 * database read, made after the miss, left the statement the page's other
 * reads go in (db/together.ts).
 */
export function hasOwnPosts(ctx: PostsContext, userId: number, version: string) {
  const key = `${version}:${userId}`;
  let kept = ownPostsKept.get(ctx.cache);
  if (!kept) ownPostsKept.set(ctx.cache, (kept = keptOwnPosts()));
  const known = kept.get(key);
  if (known !== undefined) return Promise.resolve(known);
  // The start page's lists ask together: one reading for all of them.
  let readings = ownPostsReadings.get(ctx.cache);
  if (!readings) ownPostsReadings.set(ctx.cache, (readings = createSingleFlight<boolean>()));
  const keep = kept;
  return readings.once(key, async () => {
    const own = await readerHasOwnPosts(ctx.db, userId);
    keep.set(key, own);
    return own;
  });
}

/** An instance's answers (by app, through its cache): a boolean each, a minute at most. */
const ownPostsKept = new WeakMap<PostsContext['cache'], LRUCache<string, boolean>>();
const keptOwnPosts = () =>
  new LRUCache<string, boolean>({
    max: 50_000,
    ttl: countTtlMs,
    // Lifetimes by the wall clock, read at every check, as the rest of the portal's times.
    perf: { now: () => Date.now() },
    ttlResolution: 0,
  });

const ownPostsReadings = new WeakMap<PostsContext['cache'], SingleFlight<boolean>>();

/**
 * The list's total (`x-pagination-total`). Readers with the same groups and
 * categories and no posts of their own see the same published posts, so
 * their count is one count, made once per content change for all of them
 * (decision 0050); anyone else's is their own.
 */
async function cachedCount(
  ctx: PostsContext,
  viewer: PostViewer,
  filters: PostFilters,
  knownCounter: string | undefined,
) {
  // The unread filter changes with every read; it is counted fresh.
  if (filters.unread) return countPosts(ctx.db, viewer, filters);
  const version = knownCounter ?? (await contentGeneration(ctx.db));
  const { audience } = viewer;
  const shared =
    !viewer.listAll && !filters.ownOnly && !(await hasOwnPosts(ctx, audience.userId, version));
  const whose = viewer.listAll
    ? ['all', audience.userId]
    : shared
      ? ['audience', audience.nodeIds, audience.categoryIds]
      : [audience, audience.userId];
  const fingerprint = createHash('sha1')
    .update(JSON.stringify([whose, filters]))
    .digest('base64url');
  const key = `posts:count:${version}:${fingerprint}`;
  const hit = await ctx.cache.get<number>(key);
  if (hit !== undefined) return hit;
  const total = await countPosts(ctx.db, viewer, filters);
  await ctx.cache.set(key, total, countTtlMs);
  return total;
}

/**
 * Must-read notices that ask the reader to confirm (decision 0040), or only
 * those with something left to confirm: the must-read posts the reader may
 * read, then what each asks of them, paged here. A reader none reaches pays
 * for one short statement.
 */
async function listMustRead(
  ctx: PostsContext,
  viewer: PostViewer,
  filters: PostFilters,
  sort: readonly SortTerm<PostSortColumn>[],
  page: Page,
  content: string | undefined,
): Promise<{ rows: ListedPostRow[]; total: number }> {
  const candidates = await mustReadPostIds(ctx.db, viewer, filters, sort);
  const states = await readerPostStates(ctx.db, viewer.audience, candidates);
  const reader = { userId: viewer.audience.userId, now: ctx.now() };
  const listed = candidates.filter((id) => {
    const asked = myAcknowledgementOf(states.get(id), reader, new Map());
    return asked !== null && (filters.mustRead === 'all' || !asked.acknowledged);
  });
  const from = (page.page - 1) * page.perPage;
  const pageIds = listed.slice(from, from + page.perPage);
  return {
    rows: await listedPostsByIds(ctx.db, reader.userId, pageIds, content),
    total: listed.length,
  };
}

/**
 * The feed kept in memory (feed-mirror.ts) for a reader whose lists are their
 * groups' feed alone, no post naming them or being theirs; null when it
 * cannot serve the request or the reader, and then SQL answers.
 */
async function mirroredFeed(ctx: PostsContext, viewer: PostViewer, counters: ListCounters) {
  const own = counters.ownPosts ?? hasOwnPosts(ctx, viewer.audience.userId, counters.content);
  if (await own) return null;
  return feedMirrorOf(ctx.db).at(Number(await counters.feed()));
}

/**
 * A plain reader's page and total, or placed pages, from the feed kept in
 * memory: the page is chosen there and only its posts are read, by id.
 */
async function mirroredFeedPage(
  ctx: PostsContext,
  viewer: PostViewer,
  filters: PostFilters,
  sort: readonly SortTerm<PostSortColumn>[],
  page: Page,
  counters: ListCounters,
): Promise<{ rows: ListedPostRow[]; total: number } | null> {
  const order = feedOrderOf(sort);
  const placed = isPlacedPages(viewer, filters);
  if (!order || !(placed || isPlainFeed(viewer, filters))) return null;
  const index = await mirroredFeed(ctx, viewer, counters);
  if (!index) return null;
  const { audience } = viewer;
  const { ids, total } = index.page(
    audience.nodeIds,
    audience.categoryIds,
    [...new Set(filters.types ?? [])],
    order,
    (page.page - 1) * page.perPage,
    page.perPage,
    placed ? [...new Set(filters.pagePlacements)] : undefined,
    sort[1]?.column === 'publishedDate',
  );
  return { rows: await listedPostsByIds(ctx.db, audience.userId, ids, counters.content), total };
}

/** The request's counters, when it has read them (GetPosts): content now, the feed's when asked. */
export interface ListCounters {
  content: string;
  feed: () => Promise<string>;
  /** Whether the reader has posts of their own, when asked already (`hasOwnPosts`). */
  ownPosts?: Promise<boolean>;
}

export async function listPosts(
  ctx: PostsContext,
  viewer: PostViewer,
  filters: PostFilters,
  sort: readonly SortTerm<PostSortColumn>[],
  page: Page,
  counters?: ListCounters,
): Promise<{ rows: ListedPostRow[]; total: number }> {
  if (filters.mustRead) {
    // Most readers have no must-read notice at all: the feed kept in memory knows it.
    if (counters && isPlainMustRead(viewer, filters)) {
      const index = await mirroredFeed(ctx, viewer, counters);
      if (index && !index.reachesMustRead(viewer.audience.nodeIds, viewer.audience.categoryIds))
        return { rows: [], total: 0 };
    }
    return listMustRead(ctx, viewer, filters, sort, page, counters?.content);
  }
  const mirrored = counters && (await mirroredFeedPage(ctx, viewer, filters, sort, page, counters));
  if (mirrored) return mirrored;
  const knownCounter = counters?.content;
  const rows = await listPostsPage(ctx.db, viewer, filters, sort, page);
  // A page short of full is the last: it is the count (the start page's notices and placed pages).
  const total =
    totalShownByPage(page, rows.length) ?? (await cachedCount(ctx, viewer, filters, knownCounter));
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
