import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn, type TestUser } from '../../../test/factories';
import { cookieHeaderFrom, createTestApp, type TestContext } from '../../../test/harness';
import { tokens } from '../../db/schema';

let t: TestContext;
let people: Record<'anna' | 'annaCaretaker' | 'johan' | 'karin' | 'leo' | 'maja', TestUser>;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const pupil = (firstName: string, lastName: string) =>
    buildUser(t, { role: 'role_student', firstName, lastName });
  const [olle, elsa, leo, maja] = [
    await pupil('Olle', 'Larsson'),
    await pupil('Elsa', 'Nilsson'),
    await pupil('Leo', 'Nilsson'),
    await pupil('Maja', 'Holm'),
  ];
  // A teacher who is also a caretaker, with an account for each role.
  const anna = await buildUser(t, { role: 'role_teacher', firstName: 'Anna', lastName: 'Larsson' });
  const annaCaretaker = await buildUser(t, {
    role: 'role_caretaker',
    firstName: 'Anna',
    lastName: 'Larsson',
    guardianOf: [olle],
    samePersonAs: anna,
  });
  const karin = await buildUser(t, {
    role: 'role_caretaker',
    firstName: 'Karin',
    lastName: 'Nilsson',
    guardianOf: [elsa, leo],
  });
  const johan = await buildUser(t, { role: 'role_teacher' });
  people = { anna, annaCaretaker, johan, karin, leo, maja };
});
afterAll(() => t.close());

const related = (cookie: string) =>
  t.app.inject({ url: '/api/portal-service/v1/user/related', headers: { cookie } });
const switchTo = (cookie: string, id: number | string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/portal-service/v1/user/related/${id}/token`,
    headers: { cookie },
  });
const me = async (cookie: string) =>
  (await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } })).json();

describe('GET /api/portal-service/v1/user/related', () => {
  it('401 when not signed in', async () => {
    expect((await t.app.inject({ url: '/api/portal-service/v1/user/related' })).statusCode).toBe(
      401,
    );
  });

  it('lists a person’s own accounts and the children, each with its role category', async () => {
    const cookie = await signIn(t.app, people.anna);
    const response = await related(cookie);
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(
      list.map((account: { relation: string; name: string; current: boolean }) => [
        account.relation,
        account.name,
        account.current,
      ]),
    ).toEqual([
      ['self', 'Anna Larsson', true],
      ['account', 'Anna Larsson', false],
      ['child', 'Olle Larsson', false],
    ]);
    expect(
      list.map((account: { categories: { key: string }[] }) => account.categories[0]!.key),
    ).toEqual(['role_teacher', 'role_caretaker', 'role_student']);
    expect(response.headers['x-pagination-total']).toBe('3');
  });

  it('lists only the account itself for someone with no relations', async () => {
    const cookie = await signIn(t.app, people.johan);
    expect((await related(cookie)).json()).toHaveLength(1);
  });
});

describe('POST /api/portal-service/v1/user/related/{id}/token', () => {
  it('400 for a malformed id and 403 for an account that is not related', async () => {
    const cookie = await signIn(t.app, people.karin);
    expect((await switchTo(cookie, 'abc')).statusCode).toBe(400);
    const strangerId = people.maja.id;
    const refused = await switchTo(cookie, strangerId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Kontot hör inte till dig.');
  });

  it('switches to a child and back, reusing the token the session already holds', async () => {
    let cookie = await signIn(t.app, people.karin);
    const leoId = people.leo.id;
    const karinId = people.karin.id;

    const toLeo = await switchTo(cookie, leoId);
    expect(toLeo.statusCode).toBe(200);
    expect(toLeo.json().token).toMatchObject({ userId: leoId, type: 'related', masked: false });
    cookie = cookieHeaderFrom(toLeo.cookies, cookie);
    expect((await me(cookie)).name).toBe('Leo Nilsson');

    // Acting as the child, the guardian's accounts are still offered.
    const listAsLeo = (await related(cookie)).json();
    expect(listAsLeo.find((account: { current: boolean }) => account.current).id).toBe(leoId);
    expect(listAsLeo).toHaveLength(3);

    const [before] = await t.db.select({ value: count() }).from(tokens);
    const back = await switchTo(cookie, karinId);
    expect(back.statusCode).toBe(200);
    cookie = cookieHeaderFrom(back.cookies, cookie);
    expect((await me(cookie)).name).toBe('Karin Nilsson');
    const again = await switchTo(cookie, leoId);
    cookie = cookieHeaderFrom(again.cookies, cookie);
    const [after] = await t.db.select({ value: count() }).from(tokens);
    expect(after!.value).toBe(before!.value);
    expect(again.json().session.tokens).toHaveLength(2);
  });

  it('a teacher with a caretaker account switches role', async () => {
    let cookie = await signIn(t.app, people.anna);
    const caretakerId = people.annaCaretaker.id;
    const response = await switchTo(cookie, caretakerId);
    cookie = cookieHeaderFrom(response.cookies, cookie);
    const user = await me(cookie);
    expect(user.roles[0].key).toBe('role_caretaker');
    expect(user.children.map((child: { name: string }) => child.name)).toEqual(['Olle Larsson']);
  });
});
