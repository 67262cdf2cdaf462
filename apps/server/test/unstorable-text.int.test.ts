import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { favorites } from '../src/db/schema';
import { buildUser, signIn } from './factories';
import { createTestApp, type TestContext } from './harness';
import { multipartBody } from './multipart';

let t: TestContext;
let teacher: string;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  teacher = await signIn(t.app, await buildUser(t, { role: 'role_teacher' }));
});
afterAll(() => t.close());

const refused = (field: string) => ({
  code: 'VALIDATION_FAILED',
  message: expect.any(String),
  errors: [{ field, message: 'Fältet innehåller otillåtna tecken' }],
});

/** JSON as a client may write it: `\ud800` escapes become lone surrogates when parsed. */
const rawJson = (method: 'POST' | 'PUT', url: string, json: string) =>
  t.app.inject({
    method,
    url,
    headers: { cookie: teacher, 'content-type': 'application/json' },
    payload: json,
  });

describe('lone UTF-16 surrogates are refused at the input boundary (issue 21.4)', () => {
  it('in a JSON field, high or low half, nested or as a key: 400 naming the field, nothing stored', async () => {
    const before = await t.db.$count(favorites);
    for (const [json, field] of [
      ['{"name":"Skol\\ud800webben","url":"https://exempelby.se"}', 'name'],
      ['{"name":"Skolwebben\\udc00","url":"https://exempelby.se"}', 'name'],
      ['{"name":"Skolwebben","url":"https://exempelby.se/\\udbff"}', 'url'],
      ['{"name":"Skolwebben","url":"https://exempelby.se","\\ud800":1}', '\ud800'],
    ] as const) {
      const response = await rawJson('POST', '/api/core/v1/favorite', json);
      expect(response.statusCode, json).toBe(400);
      expect(response.json(), json).toEqual(refused(field));
    }
    expect(await t.db.$count(favorites)).toBe(before);
  });

  it('a surrogate pair (an emoji) is a character and is kept', async () => {
    const response = await rawJson(
      'POST',
      '/api/core/v1/favorite',
      '{"name":"Skolwebben \\ud83c\\udf4e","url":"https://exempelby.se"}',
    );
    expect(response.statusCode).toBeLessThan(300);
    expect(response.json().name).toBe('Skolwebben 🍎');
  });

  it('in a query string, percent-encoded as UTF-8, instead of a silent U+FFFD', async () => {
    for (const query of ['sort=%ED%A0%80', 'sort=name%ED%B0%80']) {
      const response = await t.app.inject({
        url: `/api/core/v1/favorite?${query}`,
        headers: { cookie: teacher },
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toEqual(refused('sort'));
    }
    const emoji = await t.app.inject({
      url: '/api/core/v1/search?q=%F0%9F%8D%8E',
      headers: { cookie: teacher },
    });
    expect(emoji.statusCode).toBe(200);
  });

  it('in a path parameter: never a 5xx', async () => {
    const response = await t.app.inject({
      url: '/api/core/v1/post/%ED%A0%80',
      headers: { cookie: teacher },
    });
    expect(response.statusCode).toBe(400);
  });

  it('in a multipart field, like NUL', async () => {
    const admin = await signIn(t.app, await buildUser(t, { role: 'role_admin' }));
    const form = multipartBody([
      { name: 'title', value: 'Skol\u0000gården' },
      { name: 'description', value: 'Skolgården en solig dag' },
      {
        name: 'file',
        fileName: 'bild.png',
        data: Buffer.from('not read'),
        contentType: 'image/png',
      },
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/media',
      headers: { cookie: admin, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(refused('title'));
  });
});
