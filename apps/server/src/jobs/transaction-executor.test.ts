import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { toDrizzleSql } from './transaction-executor';

const dialect = new PgDialect();

describe('toDrizzleSql', () => {
  it('turns each $n into a parameter, repeated ones too', () => {
    const query = dialect.sqlToQuery(
      toDrizzleSql('select $1::int + $2::int, $1::text where x = $$a$$', [7, 8]),
    );
    expect(query.sql).toBe('select $1::int + $2::int, $3::text where x = $$a$$');
    expect(query.params).toEqual([7, 8, 7]);
  });

  it('refuses a parameter it was not given', () => {
    expect(() => toDrizzleSql('select $2', [1])).toThrow(/\$2/);
  });
});
