import { describe, expect, it } from 'vitest';
import { parseSort } from './sort';

const allowed = ['sort', 'updated', 'name', 'order'] as const;
const fallback = [{ column: 'order' as const, direction: 'ASC' as const }];

describe('parseSort', () => {
  it('parses the spec’s sort strings', () => {
    expect(parseSort('sort DESC, updated DESC', allowed, fallback)).toEqual({
      ok: true,
      terms: [
        { column: 'sort', direction: 'DESC' },
        { column: 'updated', direction: 'DESC' },
      ],
    });
    expect(parseSort('name', allowed, fallback)).toEqual({
      ok: true,
      terms: [{ column: 'name', direction: 'ASC' }],
    });
    expect(parseSort('name asc', allowed, fallback)).toEqual({
      ok: true,
      terms: [{ column: 'name', direction: 'ASC' }],
    });
  });

  it('falls back when nothing is given', () => {
    expect(parseSort(undefined, allowed, fallback)).toEqual({ ok: true, terms: fallback });
    expect(parseSort('  ', allowed, fallback)).toEqual({ ok: true, terms: fallback });
  });

  it('refuses columns outside the whitelist and anything that is not a sort term', () => {
    expect(parseSort('password ASC', allowed, fallback)).toEqual({
      ok: false,
      message: 'Okänd sorteringskolumn: password',
    });
    for (const input of [
      'name; drop table users',
      'name ASC NULLS FIRST',
      '(select 1)',
      'name,,',
      'name SIDEWAYS',
    ]) {
      expect(parseSort(input, allowed, fallback).ok, input).toBe(false);
    }
  });
});
