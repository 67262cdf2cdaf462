import { describe, expect, it } from 'vitest';
import { createFeedMirror, FeedIndex, type FeedSource, type MirrorOrder } from './feed-mirror';
import type { FeedRowValues } from './feed-mirror.repo';

/** A random feed: posts over a few groups and categories, with many equal positions and times. */
function randomRows(seed: number, posts: number): FeedRowValues[] {
  let state = seed;
  const next = (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
  const rows: FeedRowValues[] = [];
  for (let postId = 1; postId <= posts; postId += 1) {
    const keys = {
      type: ['news', 'info', 'alert'][next(3)]!,
      sortOrder: next(3) - 1,
      sortAt: 1_700_000_000_000 + next(4) * 1000 + next(2) * 0.001,
      publishedAt: 1_700_000_000_000 + next(5) * 1000,
      placement: ['none', 'none', 'start-top', 'start-bottom'][next(4)]!,
      mustRead: next(5) === 0,
    };
    const pairs = new Set<string>();
    for (let n = 0; n < 1 + next(3); n += 1) pairs.add(`${1 + next(4)}.${1 + next(2)}`);
    for (const pair of pairs) {
      const [nodeId, categoryId] = pair.split('.').map(Number) as [number, number];
      rows.push({ postId, nodeId, categoryId, ...keys });
    }
  }
  return rows;
}

/** What the plain feed's statement answers, written the slow and obvious way. */
function expected(
  rows: readonly FeedRowValues[],
  nodeIds: number[],
  categoryIds: number[],
  types: string[],
  order: MirrorOrder,
  offset: number,
  perPage: number,
  placements?: string[],
) {
  const reached = new Map<number, FeedRowValues>();
  for (const row of rows)
    if (
      nodeIds.includes(row.nodeId) &&
      categoryIds.includes(row.categoryId) &&
      (types.length === 0 || types.includes(row.type)) &&
      (!placements || placements.includes(row.placement))
    )
      reached.set(row.postId, row);
  const sorted = [...reached.values()].sort((a, b) =>
    order === 'order'
      ? a.sortOrder - b.sortOrder || b.sortAt - a.sortAt || b.postId - a.postId
      : b.publishedAt - a.publishedAt || b.postId - a.postId,
  );
  return {
    ids: sorted.slice(offset, offset + perPage).map((row) => row.postId),
    total: sorted.length,
  };
}

const readers = [
  { nodeIds: [1], categoryIds: [1] },
  { nodeIds: [1, 2, 3], categoryIds: [1, 2] },
  { nodeIds: [4], categoryIds: [2] },
  { nodeIds: [9], categoryIds: [1] },
];

function expectAgreement(index: FeedIndex, rows: readonly FeedRowValues[]) {
  for (const reader of readers) {
    for (const types of [[], ['news'], ['info', 'alert']])
      for (const placements of [undefined, ['start-top'], ['start-top', 'start-bottom']])
        for (const order of ['order', 'date'] as const)
          for (const [offset, perPage] of [
            [0, 5],
            [5, 5],
            [3, 7],
            [0, 1000],
          ] as const) {
            const { nodeIds, categoryIds } = reader;
            expect(
              index.page(nodeIds, categoryIds, types, order, offset, perPage, placements),
            ).toEqual(
              expected(rows, nodeIds, categoryIds, types, order, offset, perPage, placements),
            );
          }
    expect(index.reachesMustRead(reader.nodeIds, reader.categoryIds)).toBe(
      rows.some(
        (row) =>
          row.mustRead &&
          reader.nodeIds.includes(row.nodeId) &&
          reader.categoryIds.includes(row.categoryId),
      ),
    );
  }
}

describe('the feed index', () => {
  it('pages and counts as the feed statement does', () => {
    const rows = randomRows(7, 120);
    const index = new FeedIndex();
    index.apply([], rows);
    expect(index.size).toBe(120);
    expectAgreement(index, rows);
  });

  it('takes changed posts in place of what they were, and drops posts that left', () => {
    let rows = randomRows(11, 80);
    const index = new FeedIndex();
    index.apply([], rows);
    expectAgreement(index, rows);
    // Posts 1–20 get new rows (new groups, positions and times); 21–30 leave the feed.
    const replaced = randomRows(99, 20);
    const changed = Array.from({ length: 30 }, (_, n) => n + 1);
    rows = [...rows.filter((row) => !changed.includes(row.postId)), ...replaced];
    index.apply(changed, replaced);
    expect(index.size).toBe(70);
    expectAgreement(index, rows);
  });

  it('gives readers who ask the same the same page until the rows change, and no one may change it', () => {
    const rows = randomRows(5, 60);
    const index = new FeedIndex();
    index.apply([], rows);
    const first = index.page([1, 2], [1], ['news'], 'date', 0, 10);
    expect(index.page([1, 2], [1], ['news'], 'date', 0, 10)).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.ids)).toBe(true);
    expect(index.page([1, 2], [1], ['news'], 'date', 10, 10)).not.toBe(first);
    index.apply([1], []);
    expect(index.page([1, 2], [1], ['news'], 'date', 0, 10)).not.toBe(first);
  });
});

/** A feed source whose counter and changes a test moves by hand. */
function fakeSource(initial: FeedRowValues[]) {
  const state = {
    generation: 1,
    rows: initial,
    changes: [] as { generation: number; postId: number }[],
    loads: 0,
    catchUps: 0,
    fail: false,
  };
  const source: FeedSource = {
    async load(limit) {
      state.loads += 1;
      if (state.fail) throw new Error('the database is away');
      return {
        generation: state.generation,
        rows: state.rows.length > limit ? null : [...state.rows],
      };
    },
    async changesSince(since) {
      state.catchUps += 1;
      if (state.fail) throw new Error('the database is away');
      const changed = [
        ...new Set(state.changes.filter((c) => c.generation > since).map((c) => c.postId)),
      ];
      return {
        generation: state.generation,
        changed,
        rows: state.rows.filter((row) => changed.includes(row.postId)),
      };
    },
  };
  /** A transaction that changes `postId`'s rows, committing as the next counter value. */
  const change = (postId: number, rows: FeedRowValues[]) => {
    state.generation += 1;
    state.rows = [...state.rows.filter((row) => row.postId !== postId), ...rows];
    state.changes.push({ generation: state.generation, postId });
  };
  return { state, source, change };
}

const row = (postId: number, nodeId = 1): FeedRowValues => ({
  postId,
  nodeId,
  categoryId: 1,
  type: 'news',
  sortOrder: 0,
  sortAt: postId,
  publishedAt: postId,
  placement: 'none',
  mustRead: false,
});

describe('the feed mirror', () => {
  it('loads once, then reads only what changed since its counter', async () => {
    const { state, source, change } = fakeSource([row(1), row(2)]);
    const mirror = createFeedMirror(source);
    const first = await mirror.at(1);
    expect(first!.page([1], [1], [], 'date', 0, 10).ids).toEqual([2, 1]);
    expect(await mirror.at(1)).toBe(first);
    change(3, [row(3)]);
    change(1, []);
    const later = await mirror.at(state.generation);
    expect(later!.page([1], [1], [], 'date', 0, 10)).toEqual({ ids: [3, 2], total: 2 });
    expect(state.loads).toBe(1);
    expect(state.catchUps).toBe(1);
  });

  it('shares one reading between requests waiting for the same change', async () => {
    const { state, source, change } = fakeSource([row(1)]);
    const mirror = createFeedMirror(source);
    await mirror.at(1);
    change(2, [row(2)]);
    await Promise.all([mirror.at(2), mirror.at(2), mirror.at(2)]);
    expect(state.catchUps).toBe(1);
  });

  it('loads again when it is further behind than the changes kept', async () => {
    const { state, source, change } = fakeSource([row(1)]);
    const mirror = createFeedMirror(source, { kept: 3 });
    await mirror.at(1);
    for (let post = 2; post <= 5; post += 1) change(post, [row(post)]);
    const index = await mirror.at(state.generation);
    expect(index!.page([1], [1], [], 'date', 0, 10).ids).toEqual([5, 4, 3, 2, 1]);
    expect(state.loads).toBe(2);
  });

  it('keeps nothing past its size, and leaves the answer to SQL when the database fails', async () => {
    const large = fakeSource([row(1), row(2), row(3)]);
    let now = 0;
    const small = createFeedMirror(large.source, { maxRows: 2, clock: () => now });
    expect(await small.at(1)).toBeNull();
    expect(await small.at(1)).toBeNull();
    expect(large.state.loads).toBe(1);
    now += 11 * 60_000;
    expect(await small.at(1)).toBeNull();
    expect(large.state.loads).toBe(2);

    const failing = fakeSource([row(1)]);
    const mirror = createFeedMirror(failing.source);
    await mirror.at(1);
    failing.change(2, [row(2)]);
    failing.state.fail = true;
    expect(await mirror.at(2)).toBeNull();
    failing.state.fail = false;
    expect((await mirror.at(2))!.page([1], [1], [], 'date', 0, 10).ids).toEqual([2, 1]);
  });
});
