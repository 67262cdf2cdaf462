import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { namedStatementsOn } from './pglite-statements';

let client: PGlite;

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`
    create table pupils (id int primary key, name text not null, born date, seen timestamptz, tags text[], extra jsonb);
    insert into pupils values
      (1, 'Åsa Öberg', '2015-03-01', '2026-12-01T07:30:00Z', '{a,b}', '{"klass":"3B"}'),
      (2, 'Leo Nilsson', null, null, '{}', null),
      (3, 'Elsa Berg', '2014-11-30', '2026-12-02T08:00:00Z', '{c}', '[1,2]');
  `);
  // A database of its own starts in seconds, more while the other test files run beside it.
}, 60_000);

afterAll(async () => {
  await client.close();
});

/** The server's own prepared statements on the one connection. */
async function keptStatements() {
  const { rows } = await client.query<{ name: string }>(
    'select name from pg_prepared_statements order by name',
  );
  return rows.map((row) => row.name);
}

describe('named statements on PGlite', () => {
  const statements = [
    ['select * from pupils where id = any($1::int[]) order by id', [[1, 2, 3]]],
    ['select id, name from pupils where name like $1 and id > $2', ['%a%', 0]],
    ['select count(*)::int as n, max(seen) as last from pupils where born < $1', ['2016-01-01']],
    ['select $1::text as nothing, $2::jsonb as given', [null, { a: [1, 'två'] }]],
    ['select id from pupils where seen > $1 order by id', [new Date('2026-12-01T12:00:00Z')]],
  ] as const;

  it.each(statements)('answers %s as PGlite query does', async (text, params) => {
    const named = namedStatementsOn(client);
    const options = {
      rowMode: 'array' as const,
      parsers: { [types.TIMESTAMPTZ]: (v: string) => v },
    };
    expect(await named(text, [...params])).toEqual(await client.query(text, [...params]));
    expect(await named(text, [...params], options)).toEqual(
      await client.query(text, [...params], options),
    );
  });

  it("reads an answer larger than one of the database's chunks, Swedish letters and all", async () => {
    const named = namedStatementsOn(client);
    const text = `select g, repeat('åäö', $1::int) as long from generate_series(1, 20) g`;
    const answer = await named<{ g: number; long: string }>(text, [150_000]);
    expect(answer).toEqual(await client.query(text, [150_000]));
    expect(answer.rows).toHaveLength(20);
    expect(answer.rows[19]!.long).toHaveLength(450_000);
  });

  it('counts what a write changed, as PGlite does', async () => {
    const named = namedStatementsOn(client);
    const text = 'update pupils set extra = $1 where id = any($2::int[])';
    const answer = await named(text, [{ seen: true }, [1, 3]]);
    expect(answer).toMatchObject({ affectedRows: 2, rows: [] });
    expect(answer).toEqual(await client.query(text, [{ seen: true }, [1, 3]]));
  });

  it('reports a broken rule with the same fields as PGlite', async () => {
    const named = namedStatementsOn(client);
    const text = 'insert into pupils (id, name) values ($1, $2)';
    const ours = await named(text, [1, 'Dubblett']).catch((error: unknown) => error);
    const theirs = await client.query(text, [1, 'Dubblett']).catch((error: unknown) => error);
    expect(ours).toBeInstanceOf(Error);
    const fieldsOf = (error: object) =>
      Object.fromEntries(Object.entries(error).filter(([key]) => key !== 'queryOptions'));
    expect(fieldsOf(ours as object)).toEqual(fieldsOf(theirs as object));
    expect(ours).toMatchObject({ code: '23505', constraint: 'pupils_pkey', table: 'pupils' });
    expect((ours as Error).message).toBe((theirs as Error).message);
  });

  it('parses a text once and runs it again by name', async () => {
    const named = namedStatementsOn(client);
    const text = 'select name from pupils where id = $1';
    const before = (await keptStatements()).length;
    expect((await named<{ name: string }>(text, [1])).rows).toEqual([{ name: 'Åsa Öberg' }]);
    expect((await named<{ name: string }>(text, [3])).rows).toEqual([{ name: 'Elsa Berg' }]);
    expect(await keptStatements()).toHaveLength(before + 1);
  });

  it('closes the statement used longest ago beyond its limit', async () => {
    const named = namedStatementsOn(client, 2);
    const before = await keptStatements();
    await named('select 1 as one where $1::int > 0', [1]);
    await named('select 2 as two where $1::int > 0', [1]);
    // Used again: now the newest.
    await named('select 1 as one where $1::int > 0', [1]);
    await named('select 3 as three where $1::int > 0', [1]);
    const added = (await keptStatements()).filter((name) => !before.includes(name));
    expect(added).toHaveLength(2);
    // The one closed was "select 2": it is parsed again when asked.
    expect((await named('select 2 as two where $1::int > 0', [1])).rows).toEqual([{ two: 2 }]);
    expect((await named('select 1 as one where $1::int > 0', [1])).rows).toEqual([{ one: 1 }]);
  });

  it('fails as PGlite does and goes on answering', async () => {
    const named = namedStatementsOn(client);
    const text = 'select id from pupils where id = $1';
    await expect(named(text, ['not a number'])).rejects.toMatchObject({
      code: '22P02',
      query: text,
    });
    await expect(named('select nonsense from nowhere', [])).rejects.toMatchObject({
      code: '42P01',
    });
    expect((await named<{ id: number }>(text, [2])).rows).toEqual([{ id: 2 }]);
    expect(client.isInTransaction()).toBe(false);
  });

  it('parses again when the table under a kept statement changed shape', async () => {
    const named = namedStatementsOn(client);
    await client.exec('create table notes (id int primary key, body text)');
    await client.exec(`insert into notes values (1, 'hej')`);
    const text = 'select * from notes where id = $1';
    expect((await named(text, [1])).rows).toEqual([{ id: 1, body: 'hej' }]);
    await client.exec('alter table notes add column author text');
    expect((await named(text, [1])).rows).toEqual([{ id: 1, body: 'hej', author: null }]);
  });

  it('parses again when its statements were closed by someone else', async () => {
    const named = namedStatementsOn(client);
    const text = 'select name from pupils where id = $1 and true';
    await named(text, [2]);
    await client.exec('deallocate all');
    expect((await named<{ name: string }>(text, [2])).rows).toEqual([{ name: 'Leo Nilsson' }]);
  });

  it('waits for a transaction under way and never runs inside it', async () => {
    const named = namedStatementsOn(client);
    const text = 'select count(*)::int as n from pupils where id = $1';
    let seenInside: number | undefined;
    let asked: Promise<{ rows: { n: number }[] }> | undefined;
    let answeredInside = false;
    await client.transaction(async (tx) => {
      await tx.query(`insert into pupils (id, name) values (4, 'Ny Elev')`);
      // Asked while the transaction is open: answered only after it has ended.
      asked = named<{ n: number }>(text, [4]);
      void asked.then(() => (answeredInside = !tx.closed));
      await new Promise((resolve) => setTimeout(resolve, 20));
      seenInside = (await tx.query<{ n: number }>(text, [4])).rows[0]!.n;
      await tx.rollback();
    });
    expect(seenInside).toBe(1);
    expect((await asked!).rows).toEqual([{ n: 0 }]);
    expect(answeredInside).toBe(false);
  });
});
