import { describe, expect, it } from 'vitest';
import { addStateOf, buildTree, searchTree, subtreeIds, type TreeItem } from './tree-model';

const item = (
  id: number,
  name: string,
  parentId: number | null,
  extra: Partial<TreeItem> = {},
) => ({
  id,
  name,
  type: 'Klass',
  parentId,
  externalId: null,
  ...extra,
});
const items: TreeItem[] = [
  item(1, 'Kommunen', null, { type: 'Huvudman' }),
  item(2, 'Östra skolan', 1, { type: 'Skolenhet', externalId: 'SU-200' }),
  item(3, 'Ekskolan', 1, { type: 'Skolenhet' }),
  item(4, '10A', 2),
  item(5, '9A', 2, { externalId: 'K-9A' }),
  item(6, 'Vilse', 99),
];

describe('buildTree', () => {
  it('nests by parent, sorts names the Swedish way with numbers, keeps orphans as roots', () => {
    const roots = buildTree(items);
    expect(roots.map((node) => node.item.name)).toEqual(['Kommunen', 'Vilse']);
    const schools = roots[0]!.children;
    expect(schools.map((node) => node.item.name)).toEqual(['Ekskolan', 'Östra skolan']);
    expect(schools[1]!.children.map((node) => node.item.name)).toEqual(['9A', '10A']);
  });
});

describe('subtreeIds', () => {
  it('is the item and all below it', () => {
    expect([...subtreeIds(items, 2)].sort()).toEqual([2, 4, 5]);
  });
});

describe('searchTree', () => {
  it('finds by name or external id and opens the way to each match', () => {
    const result = searchTree(items, 'k-9a')!;
    expect([...result.matches]).toEqual([5]);
    expect([...result.visible].sort()).toEqual([1, 2, 5]);
    expect([...result.opened].sort()).toEqual([1, 2]);
    expect(searchTree(items, '  ')).toBeNull();
  });
});

describe('addStateOf (spec §4 tree adding rules)', () => {
  it('never adds page-related items', () => {
    expect(addStateOf(item(9, 'Undersida', 1, { type: 'page-related' }), {})).toBe('blocked');
  });

  it('blocks listed ids, or everything outside the allowed ids', () => {
    expect(addStateOf(items[3]!, { disabledIds: [4] })).toBe('blocked');
    expect(addStateOf(items[3]!, { allowedIds: [5] })).toBe('blocked');
    expect(addStateOf(items[4]!, { allowedIds: [5] })).toBe('addable');
  });

  it('in single-add mode allows one item only', () => {
    expect(addStateOf(items[3]!, { singleAdd: true, addedIds: [] })).toBe('addable');
    expect(addStateOf(items[3]!, { singleAdd: true, addedIds: [5] })).toBe('blocked');
    expect(addStateOf(items[4]!, { singleAdd: true, addedIds: [5] })).toBe('added');
    expect(addStateOf(items[3]!, { addedIds: [5] })).toBe('addable');
  });
});
