import { describe, expect, it } from 'vitest';
import { format } from './format';

describe('format', () => {
  it('fills placeholders and leaves unknown ones as written', () => {
    expect(format('Fältet får innehålla max {n} tecken', { n: 25 })).toBe(
      'Fältet får innehålla max 25 tecken',
    );
    expect(format('Hej {name}, {missing}', { name: 'Anna' })).toBe('Hej Anna, {missing}');
  });
});
