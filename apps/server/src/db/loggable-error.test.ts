import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loggableError } from './loggable-error';

/** Everything a log line could print of an error: message, stack and every field, down its causes. */
function printed(error: unknown): string {
  if (!(error instanceof Error)) return JSON.stringify(error);
  const fields = Object.fromEntries(Object.entries(error).filter(([key]) => key !== 'cause'));
  return [error.message, error.stack, JSON.stringify(fields), printed(error.cause)].join('\n');
}

/** A database error as the drivers give it: an SQLSTATE, a severity and the row's values in `detail`. */
function databaseError(message: string, fields: Record<string, string>) {
  return Object.assign(new Error(message), { severity: 'ERROR', ...fields });
}

const insert = 'insert into "users" ("uid", "first_name") values ($1, $2)';

describe('loggableError', () => {
  it('keeps the query and the database’s code, never the row being written', () => {
    const cause = databaseError(
      'duplicate key value violates unique constraint "users_uid_unique"',
      {
        code: '23505',
        constraint: 'users_uid_unique',
        table: 'users',
        detail: 'Key (uid)=(hemlig.person) already exists.',
      },
    );
    const error = new DrizzleQueryError(insert, ['hemlig.person', 'Hemlig'], cause);
    expect(printed(error)).toMatch(/hemlig/i);

    const logged = loggableError(error) as Error;
    expect(printed(logged)).not.toMatch(/hemlig/i);
    expect(logged).toMatchObject({ message: `Failed query: ${insert}`, query: insert });
    expect(logged.stack).toMatch(/^Error: Failed query: insert into "users"[^\n]*\n\s+at /);
    expect(logged.cause).toMatchObject({
      message: 'duplicate key value violates unique constraint "users_uid_unique"',
      code: '23505',
      severity: 'ERROR',
      constraint: 'users_uid_unique',
      table: 'users',
    });
    expect(logged.cause).not.toHaveProperty('detail');
  });

  it('leaves out a value the database quotes in its message, and the parameters a wrapper repeats', () => {
    const cause = databaseError('invalid input syntax for type integer: "hemlig.person"', {
      code: '22P02',
      where: "unnamed portal parameter $1 = '...'",
    });
    const failed = new DrizzleQueryError('select $1::int', ['hemlig.person'], cause);
    const wrapper = new Error(`the run stopped: ${failed.message}`, { cause: failed });
    const logged = loggableError(wrapper) as Error;
    expect(printed(logged)).not.toMatch(/hemlig|unnamed portal/);
    expect(logged.message).toBe('the run stopped: Failed query: select $1::int');
    expect((logged.cause as Error).cause).toMatchObject({
      message: 'invalid input syntax for type integer: "[dolt]"',
      code: '22P02',
    });
  });

  it('keeps other errors as they are, and something thrown that is no error by its type only', () => {
    const error = new TypeError('x is undefined');
    expect(loggableError(error)).toBe(error);
    expect(loggableError({ email: 'hemlig.person@exempelby.se' })).toEqual({ type: 'object' });
  });
});
