import { describe, expect, it } from 'vitest';
import { createCatalogKeeper, type CatalogTool, type LinksCatalog } from './links-catalog';

/** A tool as the catalog holds it; only its id matters here. */
function catalogTool(id: number): CatalogTool {
  const at = new Date('2024-08-19T07:00:00.000Z');
  return {
    row: {
      id,
      name: `Verktyg ${id}`,
      shortDescription: 'Ett verktyg',
      longDescription: 'Ett verktyg för testerna.',
      url: `https://verktyg${id}.exempelby.se`,
      type: 'tool',
      linkSort: 0,
      optional: false,
      mediaId: null,
      icon: null,
      createdBy: null,
      createdAt: at,
      updatedAt: at,
    },
    targets: { nodeIds: [id], categoryIds: [] },
    icon: undefined,
    ranks: { linkSort: id, name: id, created: id, updated: id, id, type: id },
  };
}

/** A catalog that names the load that made it. */
const catalogNumber = (n: number): LinksCatalog => new Map([[n, catalogTool(n)]]);

/** A keeper whose loads are counted; each load answers the next catalog. */
function countingKeeper() {
  let loads = 0;
  const keeper = createCatalogKeeper(async () => catalogNumber(++loads));
  return { keeper, loads: () => loads };
}

/** A promise with its resolve, to hold a load until the test lets it finish. */
function held<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('the tools catalog, kept per links counter', () => {
  it('is loaded once for a counter value and then served as kept', async () => {
    const { keeper, loads } = countingKeeper();
    const first = await keeper.at('7');
    const again = await keeper.at('7');
    expect(again).toBe(first);
    expect(loads()).toBe(1);
  });

  it('is loaded again when the counter moves, and the new one is kept', async () => {
    const { keeper, loads } = countingKeeper();
    const before = await keeper.at('7');
    const after = await keeper.at('8');
    expect(after).not.toBe(before);
    expect(loads()).toBe(2);
    expect(await keeper.at('8')).toBe(after);
    expect(loads()).toBe(2);
  });

  it('keeps only the newest: a counter met before is loaded again', async () => {
    const { keeper, loads } = countingKeeper();
    await keeper.at('7');
    await keeper.at('8');
    await keeper.at('7');
    expect(loads()).toBe(3);
  });

  it('loads once for requests that wait on the same counter together', async () => {
    let loads = 0;
    const gate = held<void>();
    const keeper = createCatalogKeeper(async () => {
      loads += 1;
      await gate.promise;
      return catalogNumber(loads);
    });
    const waiting = [keeper.at('9'), keeper.at('9'), keeper.at('9')];
    gate.resolve();
    const [a, b, c] = await Promise.all(waiting);
    expect(loads).toBe(1);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(await keeper.at('9')).toBe(a);
    expect(loads).toBe(1);
  });

  it('keeps "too many tools to hold" for its counter too, without asking again', async () => {
    let loads = 0;
    const keeper = createCatalogKeeper(async () => {
      loads += 1;
      return null;
    });
    expect(await keeper.at('3')).toBeNull();
    expect(await keeper.at('3')).toBeNull();
    expect(loads).toBe(1);
  });

  it('keeps no failed load: the next request loads again', async () => {
    let loads = 0;
    const keeper = createCatalogKeeper(async () => {
      loads += 1;
      if (loads === 1) throw new Error('the database went away');
      return catalogNumber(loads);
    });
    await expect(keeper.at('4')).rejects.toThrow('the database went away');
    expect(await keeper.at('4')).toEqual(catalogNumber(2));
    expect(loads).toBe(2);
  });

  it('lets no slow load that started earlier replace a catalog loaded after it', async () => {
    const slow = held<LinksCatalog>();
    const loaded = [slow.promise, Promise.resolve(catalogNumber(2))];
    let loads = 0;
    const keeper = createCatalogKeeper(() => loaded[loads++]!);
    const older = keeper.at('5');
    const newer = await keeper.at('6');
    slow.resolve(catalogNumber(1));
    await older;
    expect(await keeper.at('6')).toBe(newer);
    expect(loads).toBe(2);
  });
});
