import { describe, expect, it } from 'vitest';
import {
  blockTree,
  canContain,
  createBlock,
  flattenBlocks,
  newPostContent,
  parseToolIds,
  splitCells,
} from './blocks';

const messages = (input: unknown) => {
  const result = blockTree.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('the page-builder tree', () => {
  it('accepts a row of two cols with a heading, html and an image', () => {
    const tree = [
      createBlock('row', {}, [
        createBlock('col', { cols: 6 }, [createBlock('heading', { text: 'Hej' })]),
        createBlock('col', {}, [createBlock('html', { html: '<p>x</p>' }), createBlock('image')]),
      ]),
    ];
    const parsed = blockTree.parse(tree);
    expect(flattenBlocks(parsed).map((block) => block.type)).toEqual([
      'row',
      'col',
      'heading',
      'col',
      'html',
      'image',
    ]);
  });

  it('fills the defaults of spec §3', () => {
    const [heading, col] = blockTree.parse([
      { id: 'a', type: 'heading', props: {} },
      { id: 'b', type: 'row', children: [{ id: 'c', type: 'col', props: {} }] },
    ]);
    expect(heading?.props).toEqual({ text: 'Min Rubrik', size: 2 });
    expect(col?.children[0]?.props).toEqual({ cols: 6 });
  });

  it('refuses children where the spec does not allow them', () => {
    expect(messages([{ id: 'a', type: 'col' }])).toEqual(['Blocket Kolumn får inte ligga i sidan']);
    expect(messages([{ id: 'a', type: 'row', children: [{ id: 'b', type: 'html' }] }])).toEqual([
      'Blocket Text får inte ligga i Rad',
    ]);
    expect(
      messages([
        {
          id: 'a',
          type: 'row',
          children: [{ id: 'b', type: 'col', children: [{ id: 'c', type: 'video' }] }],
        },
      ]),
    ).toEqual(['Blocket Video får inte ligga i Kolumn']);
    expect(messages([{ id: 'a', type: 'html', children: [{ id: 'b', type: 'html' }] }])).toEqual([
      'Blocket Text får inte ligga i Text',
    ]);
    expect(canContain('table', 'table-row')).toBe(true);
    expect(canContain('table', 'html')).toBe(false);
  });

  it('checks sizes, addresses, tool ids and unique ids', () => {
    expect(messages([{ id: 'a', type: 'heading', props: { text: 'x', size: 6 } }])).toEqual([
      'Rubrikstorleken måste vara 1–5',
    ]);
    expect(
      messages([
        { id: 'a', type: 'row', children: [{ id: 'b', type: 'col', props: { cols: 5 } }] },
      ]),
    ).toEqual(['Kolumnbredden måste vara 12, 6, 4, 3 eller 2']);
    expect(
      messages([{ id: 'a', type: 'image', props: { imgSrc: 'javascript:alert(1)' } }]),
    ).toEqual(['Adressen måste börja med http:// eller https://']);
    expect(messages([{ id: 'a', type: 'video', props: { videoSrc: 'http://x.se/v' } }])).toEqual([
      'Videoadressen måste börja med https://',
    ]);
    expect(messages([{ id: 'a', type: 'tool', props: { toolIds: '[1,"x"]' } }])).toEqual([
      'Verktygslistan måste vara en lista med verktygs-id',
    ]);
    expect(
      messages([
        { id: 'a', type: 'html' },
        { id: 'a', type: 'html' },
      ]),
    ).toEqual(['Två block har samma id']);
    expect(messages([{ id: 'a', type: 'script' }])).toEqual(['Okänd blocktyp']);
  });

  it('refuses a path that the browser would take to another site (issue 20 F4)', () => {
    for (const address of ['/\\evil.example', '/\\/evil.example'])
      expect(messages([{ id: 'a', type: 'card', props: { buttonUrl: address } }]), address).toEqual(
        ['Adressen måste börja med http:// eller https://'],
      );
  });

  it('bounds the size of a tree', () => {
    const many = Array.from({ length: 401 }, (_, index) => ({ id: `n${index}`, type: 'html' }));
    expect(messages(many).length).toBeGreaterThan(0);
    let deep: unknown = { id: 'leaf', type: 'html' };
    for (let level = 0; level < 10; level += 1) {
      deep = {
        id: `r${level}`,
        type: 'row',
        children: [{ id: `c${level}`, type: 'col', children: [deep] }],
      };
    }
    expect(messages([deep])).toContain('Blocken är nästlade för djupt');
  });

  it('starts new posts with one empty html block and splits cells', () => {
    expect(newPostContent()).toMatchObject([{ type: 'html', props: { html: '' }, children: [] }]);
    expect(splitCells(' a | b|c ')).toEqual(['a', 'b', 'c']);
    expect(splitCells('')).toEqual([]);
    expect(parseToolIds('[3, 7]')).toEqual([3, 7]);
    expect(parseToolIds('nonsense')).toEqual([]);
  });
});
