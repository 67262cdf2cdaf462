import { createBlock, postInput, type Block } from '@skolportalen/shared';
import { describe, expect, it } from 'vitest';
import { errorCount, mapFieldErrors } from './error-map';

const shown = new Set(['title', 'excerpt', 'nodeIds', 'blurbs', 'info', 'contact', 'mediaId']);

function tree() {
  const heading = createBlock('heading');
  const col = createBlock('col', {}, [heading, createBlock('html')]);
  const row = createBlock('row', {}, [col]);
  return { content: [row] as Block[], row, col, heading };
}

describe('mapping field errors to the editor', () => {
  it('puts block paths on the block, under the prop they name', () => {
    const { content, col, heading } = tree();
    const mapped = mapFieldErrors(
      [
        {
          field: 'content.0.children.0.props.cols',
          message: 'Kolumnbredden måste vara 12, 6, 4, 3 eller 2',
        },
        {
          field: 'content.0.children.0.children.0.props.text',
          message: 'Fältet måste vara ifyllt',
        },
        {
          field: 'content.0.children.0.children.0.type',
          message: 'Blocket Rubrik får inte ligga i Rad',
        },
      ],
      content,
      shown,
    );
    expect(mapped.blocks[col.id]).toEqual({ cols: 'Kolumnbredden måste vara 12, 6, 4, 3 eller 2' });
    expect(mapped.blocks[heading.id]).toEqual({
      text: 'Fältet måste vara ifyllt',
      type: 'Blocket Rubrik får inte ligga i Rad',
    });
    expect(mapped.fields).toEqual({});
    expect(errorCount(mapped)).toBe(3);
  });

  it('keeps form fields, nested ones too, and the first message per field', () => {
    const { content } = tree();
    const mapped = mapFieldErrors(
      [
        { field: 'title', message: 'Fältet måste vara ifyllt' },
        { field: 'title', message: 'Fältet får innehålla max 128 tecken' },
        { field: 'blurbs.1.text', message: 'Fältet får innehålla max 250 tecken' },
        { field: 'nodeIds', message: 'Minst en grupp måste väljas' },
      ],
      content,
      shown,
    );
    expect(mapped.fields).toEqual({
      title: 'Fältet måste vara ifyllt',
      'blurbs.1.text': 'Fältet får innehålla max 250 tecken',
      nodeIds: 'Minst en grupp måste väljas',
    });
  });

  it('sends unknown fields and paths past the tree to the summary and the builder', () => {
    const { content } = tree();
    const mapped = mapFieldErrors(
      [
        { field: 'courseNodeIds', message: 'Ogiltigt värde' },
        { field: 'content.7.props.html', message: 'För lång' },
        { field: 'content', message: 'Innehållet får ha högst 400 block' },
      ],
      content,
      shown,
    );
    expect(mapped.other).toEqual(['Ogiltigt värde']);
    expect(mapped.fields.content).toBe('För lång');
  });

  it('maps the shared schema’s own issues the same way (client-side check before saving)', () => {
    const { content, heading } = tree();
    const bad = content.map((row) => ({
      ...row,
      children: row.children.map((col) => ({
        ...col,
        props: { cols: 5 },
        children: col.children.map((child) =>
          child.id === heading.id ? { ...child, props: { text: '', size: 2 } } : child,
        ),
      })),
    }));
    const parsed = postInput.safeParse({
      type: 'news',
      title: '',
      status: 'publish',
      content: bad,
    });
    expect(parsed.success).toBe(false);
    const errors = parsed.error!.issues.map((issue) => ({
      field: issue.path.join('.'),
      message: issue.message,
    }));
    const mapped = mapFieldErrors(errors, content, shown);
    expect(mapped.fields.title).toBe('Fältet måste vara ifyllt');
    expect(mapped.blocks[content[0]!.children[0]!.id]).toEqual({
      cols: 'Kolumnbredden måste vara 12, 6, 4, 3 eller 2',
    });
    expect(mapped.blocks[heading.id]).toEqual({ text: 'Fältet måste vara ifyllt' });
  });
});
