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

/** More feed rows than this and the feed is not kept in memory (about 150 bytes a row). */
export const maxMirroredRows = 500_000;

/** The counter values whose changes migration 0038 keeps; a mirror further behind loads again. */
export const feedChangesKept = 10_000;

/** The two orders the feed table serves (post-feed.repo.ts): the list position, and newest first. */
export type MirrorOrder = 'order' | 'date';

/** The sort keys a post's feed rows share, and the lists it stands in. */
interface MirroredPost {
  type: string;
  sortOrder: number;
  sortAt: number;
  publishedAt: number;
  lists: string[];
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
  ids: number[];
  total: number;
}

const pairKey = (nodeId: number, categoryId: number) => `${nodeId}.${categoryId}`;
const typedKey = (nodeId: number, categoryId: number, type: string) =>
  `${nodeId}.${categoryId}.${type}`;

/** The feed table by (group, category) pair, and by pair and type. */
export class FeedIndex {
  private readonly posts = new Map<number, MirroredPost>();
  private readonly lists = new Map<string, PairList>();
  /** Which posts a count has met already: a mark per post id, `round` the current count's. */
  private marks = new Uint32Array(1024);
  private round = 0;

  /** `rows` replace every row of the posts in `changed` (a post without rows has left the feed). */
  apply(changed: Iterable<number>, rows: readonly FeedRowValues[]) {
    const leaving = new Map<PairList, Set<number>>();
    for (const postId of changed) {
      const post = this.posts.get(postId);
      if (!post) continue;
      for (const key of post.lists) {
        const list = this.lists.get(key)!;
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
          sortOrder: row.sortOrder,
          sortAt: row.sortAt,
          publishedAt: row.publishedAt,
          lists: [],
        };
        this.posts.set(row.postId, post);
      }
      for (const key of [
        pairKey(row.nodeId, row.categoryId),
        typedKey(row.nodeId, row.categoryId, row.type),
      ]) {
        let list = this.lists.get(key);
        if (!list) this.lists.set(key, (list = { key, ids: [] }));
        list.ids.push(row.postId);
        post.lists.push(key);
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

  private sorted(list: PairList, order: MirrorOrder): number[] {
    if (order === 'order') return (list.byOrder ??= [...list.ids].sort(this.comparator(order)));
    return (list.byDate ??= [...list.ids].sort(this.comparator(order)));
  }

  /**
   * A page of the posts that reach any of the reader's pairs (of the given
   * types, or all), each once, in `order`, with how many there are: what the
   * plain feed's statement and count give for a reader with no posts of
   * their own (post-feed.repo.ts).
   */
  page(
    nodeIds: readonly number[],
    categoryIds: readonly number[],
    types: readonly string[],
    order: MirrorOrder,
    offset: number,
    perPage: number,
  ): MirroredPage {
    const lists: PairList[] = [];
    for (const nodeId of nodeIds)
      for (const categoryId of categoryIds) {
        const keys = types.length
          ? types.map((type) => typedKey(nodeId, categoryId, type))
          : [pairKey(nodeId, categoryId)];
        for (const key of keys) {
          const list = this.lists.get(key);
          if (list) lists.push(list);
        }
      }
    // Each list is in order: its first `offset + perPage` posts hold the page.
    const reach = offset + perPage;
    const candidates = new Set<number>();
    for (const list of lists) {
      const sorted = this.sorted(list, order);
      for (let index = 0; index < Math.min(reach, sorted.length); index += 1)
        candidates.add(sorted[index]!);
    }
    const ids = [...candidates].sort(this.comparator(order)).slice(offset, reach);
    return { ids, total: lists.length === 1 ? lists[0]!.ids.length : this.countDistinct(lists) };
  }

  private countDistinct(lists: readonly PairList[]): number {
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
        if (this.marks[id] !== round) {
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
