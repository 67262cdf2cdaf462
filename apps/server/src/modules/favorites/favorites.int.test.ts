import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { clientFor, names, type Client } from '../../../test/tools-helpers';
import { favorites } from '../../db/schema';

let t: TestContext;
let anna: Client;
let johan: Client;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const teacher = await buildUser(t, { role: 'role_teacher' });
  // Her favourites, the first on top.
  const own = [
    ['Skolverket – läroplaner', 'https://www.skolverket.se/undervisning/grundskolan'],
    ['UR Play', 'https://urplay.se'],
    ['NCM – Nämnaren', 'https://ncm.gu.se/namnaren'],
    ['Kommunens intranät', 'https://intranat.exempelby.se'],
  ];
  await t.db.insert(favorites).values(
    own.map(([name, url], index) => ({
      userId: teacher.id,
      name: name!,
      url: url!,
      sort: own.length - index,
    })),
  );
  anna = await clientFor(t, teacher);
  johan = await clientFor(t, await buildUser(t, { role: 'role_teacher' }));
});
afterAll(() => t.close());

const url = '/api/core/v1/favorite';
type Favorite = { id: number; name: string; url: string; sort: number };

describe('GET /api/core/v1/favorite', () => {
  it('lists only the user’s own favourites, sort DESC then updated DESC', async () => {
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const response = await anna('GET', `${url}?perPage=9999&sort=sort%20DESC,%20updated%20DESC`);
    expect(response.statusCode).toBe(200);
    expect(names(response.json())).toEqual([
      'Skolverket – läroplaner',
      'UR Play',
      'NCM – Nämnaren',
      'Kommunens intranät',
    ]);
    expect(response.headers['x-pagination-total']).toBe('4');
    expect((await johan('GET', url)).json()).toEqual([]);
    expect((await anna('GET', `${url}?sort=user_id`)).statusCode).toBe(400);
  });

  it('gives the total with every page, also a page past the end', async () => {
    const page = async (query: string) => {
      const response = await anna('GET', `${url}?${query}`);
      expect(response.statusCode).toBe(200);
      return { names: names(response.json()), total: response.headers['x-pagination-total'] };
    };
    expect(await page('perPage=3&page=2&sort=name%20ASC')).toEqual({
      names: ['UR Play'],
      total: '4',
    });
    expect(await page('perPage=3&page=3')).toEqual({ names: [], total: '4' });
    expect(await page('perPage=2&page=1&sort=name%20DESC')).toEqual({
      names: ['UR Play', 'Skolverket – läroplaner'],
      total: '4',
    });
  });
});

describe('POST /api/core/v1/favorite', () => {
  it('climbs 401 → 400 → 201 and puts the new favourite on top', async () => {
    const payload = { name: 'Skolverket', url: 'https://www.skolverket.se' };
    expect((await t.app.inject({ method: 'POST', url, payload })).statusCode).toBe(401);
    const created = await johan('POST', url, payload);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      ...payload,
      sort: 0,
      can: { edit: true, delete: true },
    });
    const second = await johan('POST', url, { name: 'Lärarförbundet', url: 'https://lr.se' });
    expect(second.json().sort).toBe(1);
    expect(names((await johan('GET', url)).json())).toEqual(['Lärarförbundet', 'Skolverket']);
  });

  it.each([
    [{ name: 'Utan adress' }, 'Fältet måste vara ifyllt'],
    [{ url: '' }, 'Fältet måste vara ifyllt'],
    [{ url: 'skolverket.se' }, 'Adressen måste börja med http:// eller https://'],
    [{ url: 'javascript:alert(1)' }, 'Adressen måste börja med http:// eller https://'],
    [
      { url: 'data:text/html,<script>alert(1)</script>' },
      'Adressen måste börja med http:// eller https://',
    ],
  ])('%j → 400 "%s", nothing written', async (payload, message) => {
    const before = (await johan('GET', url)).json().length;
    const response = await johan('POST', url, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'url', message }]);
    expect((await johan('GET', url)).json()).toHaveLength(before);
  });

  it('an empty name shows the address; a too long name is refused', async () => {
    const created = await johan('POST', url, { name: '', url: 'https://urplay.se' });
    expect(created.json().name).toBe('https://urplay.se');
    const long = await johan('POST', url, { name: 'x'.repeat(101), url: 'https://urplay.se' });
    expect(long.json().errors).toEqual([
      { field: 'name', message: 'Fältet får innehålla max 100 tecken' },
    ]);
  });
});

describe('one favourite: GET, PUT and DELETE /api/core/v1/favorite/{id}', () => {
  it('renames, moves and removes the owner’s favourite', async () => {
    const created: Favorite = (
      await anna('POST', url, { name: 'Nationalencyklopedin', url: 'https://www.ne.se' })
    ).json();
    const one = `${url}/${created.id}`;
    expect((await anna('GET', one)).json().name).toBe('Nationalencyklopedin');

    const renamed = await anna('PUT', one, { name: 'NE' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'NE', url: 'https://www.ne.se' });

    const moved = await anna('PUT', one, { sort: -1 });
    expect(moved.json()).toMatchObject({ name: 'NE', sort: -1 });
    expect(names((await anna('GET', url)).json()).at(-1)).toBe('NE');

    const badUrl = await anna('PUT', one, { url: 'javascript:void(0)' });
    expect(badUrl.statusCode).toBe(400);
    expect((await anna('PUT', one, {})).statusCode).toBe(400);

    expect((await anna('DELETE', one)).json()).toEqual({ ok: true });
    expect((await anna('GET', one)).statusCode).toBe(404);
  });

  it('another user’s favourite is not found, and nothing about it changes', async () => {
    const [theirs] = await t.db.select().from(favorites).where(eq(favorites.name, 'UR Play'));
    const one = `${url}/${theirs!.id}`;
    expect((await johan('GET', one)).statusCode).toBe(404);
    expect(
      (await johan('PUT', one, { name: 'Kapad', url: 'https://evil.example' })).statusCode,
    ).toBe(404);
    expect((await johan('DELETE', one)).statusCode).toBe(404);
    const [after] = await t.db.select().from(favorites).where(eq(favorites.id, theirs!.id));
    expect(after).toEqual(theirs);
    expect((await johan('GET', `${url}/abc`)).statusCode).toBe(400);
  });
});
