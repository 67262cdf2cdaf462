import { describe, expect, it } from 'vitest';
import { totalShownByPage } from './list-total';

describe('the total a page tells', () => {
  it('is the rows before and on a page short of full', () => {
    expect(totalShownByPage({ page: 1, perPage: 10 }, 3)).toBe(3);
    expect(totalShownByPage({ page: 3, perPage: 10 }, 4)).toBe(24);
    expect(totalShownByPage({ page: 1, perPage: 10 }, 0)).toBe(0);
  });

  it('is unknown for a full page, or one past the end', () => {
    expect(totalShownByPage({ page: 1, perPage: 10 }, 10)).toBeUndefined();
    expect(totalShownByPage({ page: 4, perPage: 10 }, 0)).toBeUndefined();
  });
});
