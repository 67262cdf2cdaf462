import { blockTree, createBlock, type Block } from '@skolportalen/shared';
import { describe, expect, it } from 'vitest';
import {
  allowedTypesIn,
  blockAtPath,
  findBlock,
  insertBlock,
  moveBlock,
  moveDown,
  moveTargets,
  moveToEnd,
  moveUp,
  removeBlock,
  updateBlockProps,
} from './tree-ops';

/** A row of two cols (a heading and html in the first), then an html block at the top. */
function sample() {
  const heading = createBlock('heading', { text: 'Rubrik' });
  const html = createBlock('html', { html: '<p>Hej</p>' });
  const left = createBlock('col', { cols: 6 }, [heading, html]);
  const right = createBlock('col', { cols: 6 });
  const row = createBlock('row', {}, [left, right]);
  const text = createBlock('html', { html: '<p>Sist</p>' });
  return { tree: [row, text] as Block[], heading, html, left, right, row, text };
}

const ids = (list: readonly Block[]) => list.map((block) => block.id);
/** The result must be a tree the shared schema accepts. */
const valid = (tree: Block[] | null) => {
  expect(tree).not.toBeNull();
  expect(blockTree.safeParse(tree).success).toBe(true);
  return tree!;
};

describe('page-builder tree operations', () => {
  it('finds a block with its parent and index', () => {
    const { tree, html, left } = sample();
    const found = findBlock(tree, html.id)!;
    expect(found.parentId).toBe(left.id);
    expect(found.index).toBe(1);
    expect(findBlock(tree, 'missing')).toBeNull();
  });

  it('offers only the allowed children of each parent', () => {
    const { tree, row, left } = sample();
    expect(allowedTypesIn(tree, row.id)).toEqual(['col']);
    expect(allowedTypesIn(tree, left.id)).toEqual([
      'card',
      'row',
      'heading',
      'html',
      'table',
      'image',
    ]);
    expect(allowedTypesIn(tree, null)).not.toContain('col');
    expect(allowedTypesIn(tree, null)).toContain('video');
  });

  it('inserts where allowed and refuses elsewhere', () => {
    const { tree, row, left } = sample();
    const withCol = valid(insertBlock(tree, row.id, 2, createBlock('col', { cols: 4 })));
    expect(findBlock(withCol, row.id)!.block.children).toHaveLength(3);
    expect(insertBlock(tree, row.id, 0, createBlock('heading'))).toBeNull();
    expect(insertBlock(tree, null, 0, createBlock('col'))).toBeNull();
    expect(insertBlock(tree, left.id, 0, createBlock('video'))).toBeNull();
    expect(insertBlock(tree, 'missing', 0, createBlock('html'))).toBeNull();
    // The original is untouched.
    expect(findBlock(tree, row.id)!.block.children).toHaveLength(2);
  });

  it('removes a block with everything inside it', () => {
    const { tree, row, heading, text } = sample();
    const without = removeBlock(tree, row.id);
    expect(ids(without)).toEqual([text.id]);
    expect(findBlock(without, heading.id)).toBeNull();
  });

  it('updates the props of one block only', () => {
    const { tree, left, right } = sample();
    const next = updateBlockProps(tree, left.id, { cols: 4 });
    expect(findBlock(next, left.id)!.block.props).toEqual({ cols: 4 });
    expect(findBlock(next, right.id)!.block.props).toEqual({ cols: 6 });
    expect(findBlock(tree, left.id)!.block.props).toEqual({ cols: 6 });
  });

  it('moves up and down among siblings, not past the ends', () => {
    const { tree, heading, html, left } = sample();
    const up = valid(moveUp(tree, html.id));
    expect(ids(findBlock(up, left.id)!.block.children)).toEqual([html.id, heading.id]);
    expect(moveUp(tree, heading.id)).toBeNull();
    expect(moveDown(tree, html.id)).toBeNull();
    const down = valid(moveDown(tree, heading.id));
    expect(ids(findBlock(down, left.id)!.block.children)).toEqual([html.id, heading.id]);
  });

  it('lists the other places a block may move to, never inside itself', () => {
    const { tree, heading, left, right, row, text } = sample();
    // A heading may stand on the page or in the other col; not in its own col, not in the row.
    expect(moveTargets(tree, heading.id)).toEqual([null, right]);
    // A col may only move to another row: there is none.
    expect(moveTargets(tree, left.id)).toEqual([]);
    // The html at the top may go into either col, not into the row.
    expect(moveTargets(tree, text.id)).toEqual([left, right]);
    // A row may go into a col, but not into its own cols.
    const second = createBlock('row', {}, [createBlock('col')]);
    const withSecond = [...tree, second];
    expect(moveTargets(withSecond, row.id)).toEqual([second.children[0]]);
  });

  it('moves a block to the end of another place and keeps the tree valid', () => {
    const { tree, heading, right, left } = sample();
    const moved = valid(moveToEnd(tree, heading.id, right.id));
    expect(ids(findBlock(moved, right.id)!.block.children)).toEqual([heading.id]);
    expect(findBlock(moved, left.id)!.block.children).toHaveLength(1);
    const toPage = valid(moveToEnd(tree, heading.id, null));
    expect(toPage.at(-1)!.id).toBe(heading.id);
    // Within its own list it goes last.
    const last = valid(moveToEnd(tree, heading.id, left.id));
    expect(ids(findBlock(last, left.id)!.block.children).at(-1)).toBe(heading.id);
    // A col cannot go to the page.
    expect(moveToEnd(tree, left.id, null)).toBeNull();
  });

  it('moves by drag between cols and refuses a disallowed parent', () => {
    const { tree, html, right, row } = sample();
    const moved = valid(moveBlock(tree, html.id, right.id, 0));
    expect(ids(findBlock(moved, right.id)!.block.children)).toEqual([html.id]);
    expect(moveBlock(tree, html.id, row.id, 0)).toBeNull();
  });

  it('never moves a block into itself or its own descendants', () => {
    const { tree, row, left } = sample();
    expect(moveBlock(tree, row.id, row.id, 0)).toBeNull();
    expect(moveBlock(tree, row.id, left.id, 0)).toBeNull();
  });

  it('resolves server error paths to blocks', () => {
    const { tree, html, left, row } = sample();
    expect(
      blockAtPath(tree, ['content', 0, 'children', 0, 'children', 1, 'props', 'html']),
    ).toEqual({
      block: html,
      rest: ['props', 'html'],
    });
    expect(blockAtPath(tree, ['content', '0', 'children', '0', 'props', 'cols'])!.block).toBe(left);
    expect(blockAtPath(tree, [0, 'type'])).toEqual({ block: row, rest: ['type'] });
    expect(blockAtPath(tree, ['content', 9])).toBeNull();
    expect(blockAtPath(tree, ['content'])).toBeNull();
  });
});
