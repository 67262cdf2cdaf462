import { describe, expect, it } from 'vitest';
import { joinBlockTexts } from './search-text';

describe('joinBlockTexts', () => {
  it('keeps each block its own sentence instead of running texts together', () => {
    expect(joinBlockTexts(['Höstlov', 'Skolan är stängd vecka 44.', 'Frågor?'])).toBe(
      'Höstlov. Skolan är stängd vecka 44. Frågor?',
    );
  });

  it('leaves out a heading that the next block begins with', () => {
    expect(joinBlockTexts(['Nyheter', 'Nyheter från din klass, skola och kommunen.'])).toBe(
      'Nyheter från din klass, skola och kommunen.',
    );
    expect(joinBlockTexts(['Schema', 'Schema'])).toBe('Schema.');
  });

  it('keeps a heading that only shares the beginning of a word', () => {
    expect(joinBlockTexts(['Skol', 'Skolskjuts för elever'])).toBe('Skol. Skolskjuts för elever.');
  });

  it('drops empty blocks and folds whitespace', () => {
    expect(joinBlockTexts(['', '  Lov \n och  ledighet ', ' '])).toBe('Lov och ledighet.');
  });
});
