import { describe, expect, it } from 'vitest';
import { queryDate, queryDateTime } from './common';
import { searchQuery } from './search';

describe('the search query', () => {
  it('trims the text and fills in the page', () => {
    expect(searchQuery.parse({ q: '  skolor ', type: 'tool' })).toEqual({
      q: 'skolor',
      type: ['tool'],
      page: 1,
      perPage: 20,
    });
  });

  it('says in Swedish what is wrong with an empty or too long text', () => {
    const message = (value: unknown) =>
      searchQuery.safeParse(value).error?.issues.map((issue) => issue.message);
    expect(message({})).toEqual(['Skriv något att söka efter.']);
    expect(message({ q: '   ' })).toEqual(['Skriv något att söka efter.']);
    expect(message({ q: 'x'.repeat(201) })).toEqual(['Sökningen får vara högst 200 tecken.']);
    expect(message({ q: 'x', perPage: 51 })).toHaveLength(1);
    expect(message({ q: 'x', type: ['alert', 'nope'] })).toHaveLength(1);
  });
});

describe('dates a list filters on', () => {
  it('stay within what the database can take', () => {
    expect(queryDate.safeParse('2026-11-21').success).toBe(true);
    expect(queryDate.safeParse('0000-02-29').success).toBe(false);
    expect(queryDateTime.safeParse('2026-11-21T08:00:00+01:00').success).toBe(true);
    expect(queryDateTime.safeParse('2026-11-21T08:00:00-15:59').success).toBe(true);
    expect(queryDateTime.safeParse('3600-02-29T00:17:23+17:46').success).toBe(false);
    expect(queryDateTime.safeParse('0001-01-01T00:00:00+05:00').success).toBe(false);
    expect(queryDateTime.safeParse('0000-01-01T00:00:00Z').success).toBe(false);
  });
});
