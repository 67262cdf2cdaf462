import { createBlock } from '@skolportalen/shared';
import { describe, expect, it } from 'vitest';
import { formValues, textKey, textsToTranslate, translatedTree } from './translation-form-values';

const heading = createBlock('heading', { text: 'Stängt' });
const html = createBlock('html', { html: '<p>Alla stannar hemma.</p>' });
const image = createBlock('image', { alt: '', caption: '' });
const original = [heading, html, image];

describe('a translation form', () => {
  it('asks only for the texts the original has', () => {
    expect(textsToTranslate(original).map(textKey)).toEqual([
      `${heading.id}.text`,
      `${html.id}.html`,
    ]);
  });

  it('lays the texts into the original tree and keeps the Swedish where one is left empty', () => {
    const tree = translatedTree(original, {
      [`${heading.id}.text`]: 'Xiran',
      [`${html.id}.html`]: '  ',
    });
    expect(tree.map((block) => block.id)).toEqual(original.map((block) => block.id));
    expect(tree[0]!.props).toMatchObject({ text: 'Xiran' });
    expect(tree[1]!.props).toMatchObject({ html: '<p>Alla stannar hemma.</p>' });
  });

  it('starts from a saved translation', () => {
    const saved = translatedTree(original, { [`${heading.id}.text`]: 'مغلق' });
    const values = formValues({ title: 'عنوان', excerpt: '', content: saved });
    expect(values.title).toBe('عنوان');
    expect(values.texts[`${heading.id}.text`]).toBe('مغلق');
  });
});
