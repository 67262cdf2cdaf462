import { describe, expect, it } from 'vitest';
import { sv } from './sv';

function allTexts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(allTexts);
  return [];
}

describe('the media library’s name', () => {
  it('is Mediabibliotek in every text, never "mediebibliotek"', () => {
    const texts = allTexts(sv);
    expect(texts.filter((text) => /mediebibliote/i.test(text))).toEqual([]);
    expect(texts.filter((text) => /mediabibliote/i.test(text)).length).toBeGreaterThan(5);
  });

  it('names the page Mediabibliotek, with a heading that says what it holds', () => {
    expect(sv.pageTitles.adminIcon).toBe('Mediabibliotek');
    expect(sv.media.heading).toMatch(/^Mediabibliotek – bilder, ikoner och pdf-dokument$/);
  });
});
