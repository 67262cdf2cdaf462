import { describe, expect, it } from 'vitest';
import { parseSwedishDate, showSwedishDate } from './swedish-date';

describe('Swedish dates in text', () => {
  it('reads a date and a 24-hour time as Swedes write them', () => {
    expect(parseSwedishDate('2026-12-01 13:00', true)).toBe('2026-12-01T13:00');
    expect(parseSwedishDate(' 2026-12-1 8.05 ', true)).toBe('2026-12-01T08:05');
    expect(parseSwedishDate('2026-12-01T23:59', true)).toBe('2026-12-01T23:59');
    expect(parseSwedishDate('2026-12-01', false)).toBe('2026-12-01');
  });

  it('refuses American dates, a 12-hour clock, days that do not exist and a missing time', () => {
    expect(parseSwedishDate('12/01/2026 09:24 AM', true)).toBeNull();
    expect(parseSwedishDate('2026-12-01 09:24 PM', true)).toBeNull();
    expect(parseSwedishDate('2026-02-30 10:00', true)).toBeNull();
    expect(parseSwedishDate('2026-12-01 24:00', true)).toBeNull();
    expect(parseSwedishDate('2026-12-01', true)).toBeNull();
    expect(parseSwedishDate('2026-12-01 10:00', false)).toBeNull();
  });

  it('shows a stored value with a space between date and time', () => {
    expect(showSwedishDate('2026-12-01T13:00')).toBe('2026-12-01 13:00');
    expect(showSwedishDate('2026-12-01')).toBe('2026-12-01');
  });
});
