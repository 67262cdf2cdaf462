import { describe, expect, it } from 'vitest';
import { readability, readabilityLevel } from './readability';

/**
 * LIX against values worked out by hand from its definition (words per
 * sentence + long words × 100 / words; long: more than six letters).
 */
describe('LIX', () => {
  it('counts words, sentences and long words', () => {
    // 6 words, 2 sentences, 1 long word (springer): 3 + 16.7 = 19.7.
    expect(readability('Jag gillar katter. Hunden springer snabbt.')).toEqual({
      lix: 20,
      words: 6,
      sentences: 2,
      longWords: 1,
    });
  });

  it('gives official prose a high value and a short plain text a low one', () => {
    const official =
      'Utbildningsförvaltningen informerar vårdnadshavare om förändrade rutiner beträffande frånvaroanmälan, vilka träder i kraft omedelbart.';
    // 13 words, 1 sentence, 8 long words: 13 + 61.5 = 74.5.
    expect(readability(official)).toMatchObject({ lix: 75, words: 13, longWords: 8 });
    expect(readabilityLevel(75)).toBe('veryHard');
    const plain = 'Skolan börjar kl. 8. Ta med matsäck. Vi går till skogen.';
    // 11 words ("kl" and "8" count), 4 sentences ("kl." ends one, as the measure counts), 1 long
    // word (matsäck has 7 letters; skolan, börjar and skogen 6): 2.75 + 9.1 = 11.8.
    expect(readability(plain)).toMatchObject({ words: 11, sentences: 4, longWords: 1, lix: 12 });
    expect(readabilityLevel(12)).toBe('veryEasy');
  });

  it('takes a colon as a sentence end, a hyphenated word as one, and no text as nothing', () => {
    // 4 words, 2 sentences (the last without a full stop), 3 long words (kontakt, e-postadress,
    // ansvarig): 2 + 75 = 77.
    expect(readability('Kontakt: din e-postadress ansvarig')).toEqual({
      lix: 77,
      words: 4,
      sentences: 2,
      longWords: 3,
    });
    expect(readability('   ')).toBeNull();
  });
});
