import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { feedback } from '../../db/schema';

let t: TestContext;
let administrator: TestUser;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  administrator = await buildUser(t, { role: 'role_admin' });
});
afterAll(() => t.close());

const send = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/portal-service/v1/feedback',
    payload: payload as object,
    headers,
  });
const rows = async () => (await t.db.select({ value: count() }).from(feedback))[0]!.value;

describe('the accessibility feedback function', () => {
  it('takes feedback from anyone, signed in or not', async () => {
    const anonymous = await send({
      message: 'Knappen i sidfoten går inte att nå med tangentbordet.',
      pageUrl: '/sida/om-oss',
    });
    expect(anonymous.statusCode).toBe(201);
    const cookie = await signIn(
      t.app,
      await buildUser(t, { role: 'role_caretaker', firstName: 'Mikael', lastName: 'Holm' }),
    );
    const signedIn = await send(
      { message: 'Texten blir för liten i mobilen.', email: 'mikael@example.org' },
      { cookie },
    );
    expect(signedIn.statusCode).toBe(201);

    const admin = await signIn(t.app, administrator);
    const list = await t.app.inject({
      url: '/api/portal-service/v1/feedback',
      headers: { cookie: admin },
    });
    expect(list.headers['x-pagination-total']).toBe('2');
    expect(list.json()[0]).toMatchObject({
      email: 'mikael@example.org',
      sender: { name: 'Mikael Holm' },
      status: 'new',
    });
    expect(list.json()[1]).toMatchObject({ sender: null, pageUrl: '/sida/om-oss' });
  });

  it('refuses empty, over-long and malformed feedback with Swedish messages, storing nothing', async () => {
    const before = await rows();
    expect((await send({ message: '   ' })).json().errors).toEqual([
      { field: 'message', message: 'Fältet måste vara ifyllt' },
    ]);
    expect((await send({ message: 'x'.repeat(2001) })).json().errors).toEqual([
      { field: 'message', message: 'Fältet får innehålla max 2000 tecken' },
    ]);
    expect((await send({ message: 'Hej', email: 'inte-en-adress' })).json().errors).toEqual([
      { field: 'email', message: 'Fel format på e-postadressen' },
    ]);
    expect((await send({ message: 'Hej', admin: true })).statusCode).toBe(400);
    expect(
      (
        await send(
          { message: 'Hej' },
          { origin: 'https://annan.example', 'sec-fetch-site': 'cross-site' },
        )
      ).statusCode,
    ).toBe(403);
    expect(await rows()).toBe(before);
  });

  it('lets only administrators read and handle it: 401 → 400 → 403 → 200', async () => {
    expect((await t.app.inject({ url: '/api/portal-service/v1/feedback' })).statusCode).toBe(401);
    const admin = await signIn(t.app, administrator);
    const [first] = (
      await t.app.inject({ url: '/api/portal-service/v1/feedback', headers: { cookie: admin } })
    ).json();
    const put = (cookie: string, id: number | string, body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/portal-service/v1/feedback/${id}`,
        headers: { cookie },
        payload: body as object,
      });
    expect((await put(admin, first.id, { status: 'klar' })).statusCode).toBe(400);
    const teacher = await signIn(t.app, await buildUser(t, { role: 'role_teacher' }));
    expect(
      (await t.app.inject({ url: '/api/portal-service/v1/feedback', headers: { cookie: teacher } }))
        .statusCode,
    ).toBe(403);
    expect((await put(teacher, first.id, { status: 'handled' })).statusCode).toBe(403);
    expect((await put(admin, first.id, { status: 'handled' })).statusCode).toBe(200);
    expect((await put(admin, 999999, { status: 'handled' })).statusCode).toBe(404);
    const handled = await t.app.inject({
      url: '/api/portal-service/v1/feedback?status=handled',
      headers: { cookie: admin },
    });
    expect(handled.json().map((item: { id: number }) => item.id)).toEqual([first.id]);
  });
});
