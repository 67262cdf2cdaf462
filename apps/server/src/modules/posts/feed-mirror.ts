import type { Executor } from '../../db/client';
import { createSingleFlight } from '../../identity/single-flight';
import { feedChangesSince, loadFeedRows, type FeedRowValues } from './feed-mirror.repo';

/*
 * The feed table kept in memory (decision 0053). A first start page asked
 * PostgreSQL for the notices' page, the news page and the news total: three
 * statements over the reader's (group, category) pairs, the dearest of a
 * first page, and the same work for every reader of the same groups. The
 * mirror holds every row of the feed table by pair, so a plain reader's page
 * and total are made here and only the page's posts are read, by id.
 *
 * What keeps it true is the feed counter (`cache_generations` 'feed',
 * migration 0038): raised at the commit of every transaction that changes
 * the feed table, which logs the posts it touched under the value it took.
 * A request reads the counter first; a mirror behind it reads the rows of
 * the posts changed since its own value (one statement, shared by the
 * requests waiting), so no reader is answered from a feed older than the
 * counter they read. Past `maxMirroredRows` rows nothing is kept and SQL
 * answers as before.
 */

/**
 * More feed rows than this and the feed is not kept in memory: a row takes
 * about 260 bytes of the heap (47 MB for the bench municipality's 181,000
 * rows of 100,000 posts), so at most about 105 MB.
 */
export const maxMirroredRows = 400_000;

/** The counter values whose changes migration 0038 keeps; a mirror further behind loads again. */
export const feedChangesKept = 10_000;

/** The two orders the feed table serves (post-feed.repo.ts): the list position, and newest first. */
export type MirrorOrder = 'order' | 'date';

/** The sort keys a post's feed rows share, and the lists it stands in. */
interface MirroredPost {
  type: string;
  placement: string;
  sortOrder: number;
  sortAt: number;
  publishedAt: number;
  lists: PairList[];
}

/** The posts of one (group, category) pair, or of one pair and type, sorted when first asked. */
interface PairList {
  key: string;
  ids: number[];
  byOrder?: number[];
  byDate?: number[];
}

/** A reader's page of post ids and the list's total. */
export interface MirroredPage {
  readonly ids: readonly number[];
  readonly total: number;
}

/** More pages kept than this and they are all let go: a page is a few hundred bytes. */
const maxPagesKept = 20_000;

const pairKey = (nodeId: number, categoryId: number) => `${nodeId}.${categoryId}`;
const typedKey = (nodeId: number, categoryId: number, type: string) =>
  `${nodeId}.${categoryId}.${type}`;
/** Posts placed on the start page, by placement; must-read notices. */
const placedKey = (nodeId: number, categoryId: number, placement: string) =>
  `${nodeId}.${categoryId}@${placement}`;
const mustReadKey = (nodeId: number, categoryId: number) => `${nodeId}.${categoryId}!`;

/** The lists a feed row stands in. */
function keysOf(row: FeedRowValues): string[] {
  const keys = [
    pairKey(row.nodeId, row.categoryId),
    typedKey(row.nodeId, row.categoryId, row.type),
  ];
  if (row.placement !== 'none') keys.push(placedKey(row.nodeId, row.categoryId, row.placement));
  if (row.mustRead) keys.push(mustReadKey(row.nodeId, row.categoryId));
  return keys;
}

/** The feed table by (group, category) pair, and by pair and type. */
export class FeedIndex {
  private readonly posts = new Map<number, MirroredPost>();
  private readonly lists = new Map<string, PairList>();
  /** Which posts a count has met already: a mark per post id, `round` the current count's. */
  private marks = new Uint32Array(1024);
  private round = 0;
  /**
   * Pages made since the rows last changed, by what was asked: readers of
   * the same groups and role ask for the same pages (the morning's pupils of
   * a class), and a page is the same for all of them until `apply`.
   */
  private readonly pagesMade = new Map<string, MirroredPage>();

  /** `rows` replace every row of the posts in `changed` (a post without rows has left the feed). */
  apply(changed: Iterable<number>, rows: readonly FeedRowValues[]) {
    this.pagesMade.clear();
    const leaving = new Map<PairList, Set<number>>();
    for (const postId of changed) {
      const post = this.posts.get(postId);
      if (!post) continue;
      for (const list of post.lists) {
        let ids = leaving.get(list);
        if (!ids) leaving.set(list, (ids = new Set()));
        ids.add(postId);
      }
      this.posts.delete(postId);
    }
    const touched = new Set<PairList>(leaving.keys());
    for (const [list, ids] of leaving) list.ids = list.ids.filter((id) => !ids.has(id));
    for (const row of rows) {
      let post = this.posts.get(row.postId);
      if (!post) {
        post = {
          type: row.type,
          placement: row.placement,
          sortOrder: row.sortOrder,
          sortAt: row.sortAt,
          publishedAt: row.publishedAt,
          lists: [],
        };
        this.posts.set(row.postId, post);
      }
      for (const key of keysOf(row)) {
        let list = this.lists.get(key);
        if (!list) this.lists.set(key, (list = { key, ids: [] }));
        list.ids.push(row.postId);
        post.lists.push(list);
        touched.add(list);
      }
    }
    for (const list of touched) {
      list.byOrder = undefined;
      list.byDate = undefined;
      if (list.ids.length === 0) this.lists.delete(list.key);
    }
  }

  get size() {
    return this.posts.size;
  }

  /** As the feed table's indexes order: position, newest sort time, highest id; or newest, highest id. */
  private comparator(order: MirrorOrder) {
    const posts = this.posts;
    return order === 'order'
      ? (a: number, b: number) => {
          const x = posts.get(a)!;
          const y = posts.get(b)!;
          return x.sortOrder - y.sortOrder || y.sortAt - x.sortAt || b - a;
        }
      : (a: number, b: number) => posts.get(b)!.publishedAt - posts.get(a)!.publishedAt || b - a;
  }

  /** As SQL orders a page by `order ASC, publishedDate DESC` after the feed chose it. */
  private newestAmongEqual() {
    const posts = this.posts;
    return (a: number, b: number) => {
      const x = posts.get(a)!;
      const y = posts.get(b)!;
      return (
        x.sortOrder - y.sortOrder || y.sortAt - x.sortAt || y.publishedAt - x.publishedAt || b - a
      );
    };
  }

  private sorted(list: PairList, order: MirrorOrder): number[] {
    if (order === 'order') return (list.byOrder ??= [...list.ids].sort(this.comparator(order)));
    return (list.byDate ??= [...list.ids].sort(this.comparator(order)));
  }

  /**
   * A page of the posts that reach any of the reader's pairs (of the given
   * types, or all; placed on the start page in one of `placements`, when
   * given), each once, in `order`, with how many there are: what the plain
   * feed's and the placed pages' statements and counts give a reader with
   * no posts of their own (post-feed.repo.ts).
   */
  page(
    nodeIds: readonly number[],
    categoryIds: readonly number[],
    types: readonly string[],
    order: MirrorOrder,
    offset: number,
    perPage: number,
    placements?: readonly string[],
    /** Within the page, equal positions and times go newest first (`order ASC, publishedDate DESC`). */
    thenNewest = false,
  ): MirroredPage {
    const asked = [
      nodeIds.join(','),
      categoryIds.join(','),
      types.join(','),
      order,
      offset,
      perPage,
      placements?.join(',') ?? '',
      thenNewest,
    ].join('|');
    const made = this.pagesMade.get(asked);
    if (made) return made;
    const page = this.makePage(
      nodeIds,
      categoryIds,
      types,
      order,
      offset,
      perPage,
      placements,
      thenNewest,
    );
    if (this.pagesMade.size >= maxPagesKept) this.pagesMade.clear();
    this.pagesMade.set(asked, page);
    return page;
  }

  private makePage(
    nodeIds: readonly number[],
    categoryIds: readonly number[],
    types: readonly string[],
    order: MirrorOrder,
    offset: number,
    perPage: number,
    placements: readonly string[] | undefined,
    thenNewest: boolean,
  ): MirroredPage {
    const lists: PairList[] = [];
    const keysOfPair = (nodeId: number, categoryId: number) => {
      if (placements) return placements.map((place) => placedKey(nodeId, categoryId, place));
      if (types.length) return types.map((type) => typedKey(nodeId, categoryId, type));
      return [pairKey(nodeId, categoryId)];
    };
    for (const nodeId of nodeIds)
      for (const categoryId of categoryIds)
        for (const key of keysOfPair(nodeId, categoryId)) {
          const list = this.lists.get(key);
          if (list) lists.push(list);
        }
    // Placed pages are few: their lists are filtered by type as they are read.
    const kept =
      placements && types.length
        ? (id: number) => types.includes(this.posts.get(id)!.type)
        : () => true;
    // Each list is in order: its first `offset + perPage` kept posts hold the page.
    // Placed pages are few and ordered by their publishing time too (SQL's order
    // for them): all of them are read.
    const reach = offset + perPage;
    const candidates = new Set<number>();
    for (const list of lists) {
      let taken = 0;
      for (const id of this.sorted(list, order)) {
        if (taken === reach && !placements) break;
        if (!kept(id)) continue;
        candidates.add(id);
        taken += 1;
      }
    }
    const newest = order === 'order' && thenNewest;
    const ids = [...candidates]
      .sort(placements && newest ? this.newestAmongEqual() : this.comparator(order))
      .slice(offset, reach);
    // The plain feed chose its page in the feed's order; SQL then orders the page in full.
    if (newest) ids.sort(this.newestAmongEqual());
    const total =
      lists.length === 1 && !placements ? lists[0]!.ids.length : this.countDistinct(lists, kept);
    // Shared by every reader asking the same until the rows change: no one may change it.
    return Object.freeze({ ids: Object.freeze(ids), total });
  }

  /** Whether any must-read notice reaches one of the reader's pairs. */
  reachesMustRead(nodeIds: readonly number[], categoryIds: readonly number[]): boolean {
    for (const nodeId of nodeIds)
      for (const categoryId of categoryIds)
        if (this.lists.has(mustReadKey(nodeId, categoryId))) return true;
    return false;
  }

  private countDistinct(lists: readonly PairList[], kept: (id: number) => boolean): number {
    this.round += 1;
    if (this.round === 0xffffffff) {
      this.marks.fill(0);
      this.round = 1;
    }
    const round = this.round;
    let total = 0;
    for (const list of lists)
      for (const id of list.ids) {
        if (id >= this.marks.length) {
          const grown = new Uint32Array(Math.max(id + 1, this.marks.length * 2));
          grown.set(this.marks);
          this.marks = grown;
        }
        if (this.marks[id] !== round && kept(id)) {
          this.marks[id] = round;
          total += 1;
        }
      }
    return total;
  }
}

/** Where the mirror reads the feed from: feed-mirror.repo.ts, or a test's own. */
export interface FeedSource {
  load(limit: number): Promise<{ generation: number; rows: readonly FeedRowValues[] | null }>;
  changesSince(generation: number): Promise<{
    generation: number;
    changed: readonly number[];
    rows: readonly FeedRowValues[];
  }>;
}

export interface FeedMirror {
  /**
   * The feed at the counter value `counter` or later, or null when it is not
   * kept (too large, or its reading failed): then SQL answers.
   */
  at(counter: number): Promise<FeedIndex | null>;
}

/** A feed too large to keep is asked about again after this long. */
const tooLargeRetryMs = 10 * 60_000;

export function createFeedMirror(
  source: FeedSource,
  { maxRows = maxMirroredRows, kept = feedChangesKept, clock = Date.now } = {},
): FeedMirror {
  let held: { index: FeedIndex; generation: number } | null = null;
  let tooLargeUntil = 0;
  // One reading at a time, shared by every request waiting for it.
  const reading = createSingleFlight<void>();

  async function load() {
    const { generation, rows } = await source.load(maxRows);
    if (!rows) {
      held = null;
      tooLargeUntil = clock() + tooLargeRetryMs;
      return;
    }
    const index = new FeedIndex();
    index.apply([], rows);
    held = { index, generation };
  }

  async function catchUp(current: { index: FeedIndex; generation: number }) {
    const changes = await source.changesSince(current.generation);
    // Another reading may have replaced the feed meanwhile: then this one is not applied.
    if (held !== current) return;
    if (changes.generation - current.generation >= kept || changes.generation < current.generation)
      return load();
    current.index.apply(changes.changed, changes.rows);
    current.generation = changes.generation;
  }

  return {
    async at(counter) {
      if (held && held.generation >= counter) return held.index;
      if (!held && clock() < tooLargeUntil) return null;
      try {
        await reading.once('feed', () => (held ? catchUp(held) : load()));
        // A reading that began before this request's counter was read may not reach it.
        if (held && held.generation < counter) await reading.once('feed', () => catchUp(held!));
      } catch {
        return null;
      }
      return held && held.generation >= counter ? held.index : null;
    },
  };
}

const mirrors = new WeakMap<Executor, FeedMirror>();

/** The feed mirror of the database `db` (one per database the process reads). */
export function feedMirrorOf(db: Executor): FeedMirror {
  let mirror = mirrors.get(db);
  if (!mirror) {
    mirror = createFeedMirror({
      load: (limit) => loadFeedRows(db, limit),
      changesSince: (generation) => feedChangesSince(db, generation),
    });
    mirrors.set(db, mirror);
  }
  return mirror;
}
