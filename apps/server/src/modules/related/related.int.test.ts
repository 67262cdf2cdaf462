import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeaderFrom, createTestApp, signInAs, type TestContext } from '../../../test/harness';
import { tokens } from '../../db/schema';
import { findUserIdByUsername } from '../../db/seed/demo-municipality';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
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
    const cookie = await signInAs(t.app, 'anna.larsson');
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
    const cookie = await signInAs(t.app, 'johan.berg');
    expect((await related(cookie)).json()).toHaveLength(1);
  });
});

describe('POST /api/portal-service/v1/user/related/{id}/token', () => {
  it('400 for a malformed id and 403 for an account that is not related', async () => {
    const cookie = await signInAs(t.app, 'karin.nilsson');
    expect((await switchTo(cookie, 'abc')).statusCode).toBe(400);
    const strangerId = (await findUserIdByUsername(t.db, 'maja.holm'))!;
    const refused = await switchTo(cookie, strangerId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Kontot hör inte till dig.');
  });

  it('switches to a child and back, reusing the token the session already holds', async () => {
    let cookie = await signInAs(t.app, 'karin.nilsson');
    const leoId = (await findUserIdByUsername(t.db, 'leo.nilsson'))!;
    const karinId = (await findUserIdByUsername(t.db, 'karin.nilsson'))!;

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
    let cookie = await signInAs(t.app, 'anna.larsson');
    const caretakerId = (await findUserIdByUsername(t.db, 'anna.larsson.vh'))!;
    const response = await switchTo(cookie, caretakerId);
    cookie = cookieHeaderFrom(response.cookies, cookie);
    const user = await me(cookie);
    expect(user.roles[0].key).toBe('role_caretaker');
    expect(user.children.map((child: { name: string }) => child.name)).toEqual(['Olle Larsson']);
  });
});
