import { describe, expect, it } from 'vitest';
import { isoWeek, longSwedishDate, weekLabel } from './week';

describe('isoWeek', () => {
  it.each([
    ['2026-11-21', 47],
    ['2026-01-01', 1],
    ['2027-01-01', 53],
    ['2021-01-03', 53],
    ['2021-01-04', 1],
    ['2024-12-30', 1],
    ['2020-12-31', 53],
    ['2025-06-15', 24],
  ])('%s is week %i', (date, week) => {
    const [y, m, d] = date.split('-').map(Number) as [number, number, number];
    expect(isoWeek(new Date(y, m - 1, d, 12))).toBe(week);
  });
});

describe('header date', () => {
  it('writes the long Swedish month name and V.{n}', () => {
    const date = new Date(2026, 10, 21, 9);
    expect(longSwedishDate(date)).toBe('lördag 21 november 2026');
    expect(weekLabel(date)).toBe('V.47');
  });
});
