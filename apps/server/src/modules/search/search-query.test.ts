import { describe, expect, it } from 'vitest';
import { maxSearchWords, searchQueries, searchWords } from './search-query';

describe('search words', () => {
  it('keeps letters and digits, lower-cased, once each', () => {
    expect(searchWords('Skolor i ÅK 3A, skolor!')).toEqual(['skolor', 'i', 'åk', '3a']);
  });

  it('leaves every piece of tsquery syntax out', () => {
    expect(searchWords(`a & b | !c (d) :* e<->f 'g' "h" \\ i`)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
      'h',
      'i',
    ]);
  });

  it('keeps at most ten words', () => {
    const words = searchWords(Array.from({ length: 30 }, (_, n) => `ord${n}`).join(' '));
    expect(words).toHaveLength(maxSearchWords);
    expect(words[0]).toBe('ord0');
  });
});

describe('search queries', () => {
  it('matches each word as the beginning of a word, all of them', () => {
    expect(searchQueries('skolor idag')).toEqual({
      match: '(skolor:*) & (idag:*)',
      exact: 'skolor | idag',
      words: ['skolor', 'idag'],
    });
  });

  it('matches words of one or two letters whole', () => {
    expect(searchQueries('3a i')?.match).toBe('(3a) & (i)');
  });

  it('also looks for a definite form without its ending (skolan finds skola)', () => {
    expect(searchQueries('skolan')?.match).toBe('(skolan:* | skola:*)');
    expect(searchQueries('provet')?.match).toBe('(provet:* | prov:*)');
    expect(searchQueries('matsedeln')?.match).toBe('(matsedeln:* | matsedel:*)');
    expect(searchQueries('systern')?.match).toBe('(systern:* | syster:*)');
    expect(searchQueries('mellan sedan')?.match).toBe('(mellan:*) & (sedan:*)');
    expect(searchQueries('utan')?.match).toBe('(utan:*)');
  });

  it('finds nothing in text without words', () => {
    for (const text of ['', '   ', '&|!():*', '"\'"', '<->', '\u0000\u0001', '— … ·']) {
      expect(searchQueries(text)).toBeNull();
    }
  });
});
