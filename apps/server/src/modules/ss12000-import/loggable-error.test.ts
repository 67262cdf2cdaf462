import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggableImportError } from './loggable-error';

describe('loggableImportError', () => {
  it('keeps the query and the database’s code, never the row being written', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      constraint: 'users_uid_unique',
      detail: 'Key (uid)=(hemlig.person) already exists.',
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("uid", "first_name") values ($1, $2)',
      ['hemlig.person', 'Hemlig'],
      cause,
    );
    const logged = JSON.stringify(loggableImportError(error));
    expect(logged).not.toMatch(/hemlig/i);
    expect(loggableImportError(error)).toEqual({
      type: 'Error',
      query: 'insert into "users" ("uid", "first_name") values ($1, $2)',
      cause: {
        code: '23505',
        message: 'duplicate key value violates unique constraint',
        constraint: 'users_uid_unique',
      },
    });
  });

  it('keeps other errors as they are', () => {
    const error = new TypeError('x is undefined');
    expect(loggableImportError(error)).toMatchObject({
      type: 'TypeError',
      message: 'x is undefined',
    });
  });
});
