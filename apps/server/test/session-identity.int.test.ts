import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, tokens } from '../src/db/schema';
import { buildUser, signIn, type TestUser } from './factories';
import { cookieHeaderFrom, createTestApp, testCookieNames, type TestContext } from './harness';

/**
 * Issue 20, findings F1, F5 and F6 (decision 0027): who really acts is what
 * the token rows say, never what the cookie's order, count or content says.
 */
let t: TestContext;
let people: Record<'karin' | 'leo' | 'elsa' | 'johan' | 'kim', TestUser>;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const pupil = (firstName: string) =>
    buildUser(t, { role: 'role_student', firstName, lastName: 'Nilsson', email: null });
  const [leo, elsa] = [await pupil('Leo'), await pupil('Elsa')];
  people = {
    leo,
    elsa,
    karin: await buildUser(t, {
      role: 'role_caretaker',
      firstName: 'Karin',
      lastName: 'Nilsson',
      guardianOf: [leo, elsa],
    }),
    johan: await buildUser(t, { firstName: 'Johan', lastName: 'Berg' }),
    kim: await buildUser(t, {
      role: 'role_municipality_admin',
      firstName: 'Kim',
      lastName: 'Karlsson',
    }),
  };
});
afterAll(() => t.close());

const idOf = async (name: keyof typeof people) => people[name].id;
const me = (headers: Record<string, string>) => t.app.inject({ url: '/api/core/v1/user', headers });
const switchTo = (cookie: string, id: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/portal-service/v1/user/related/${id}/token`,
    headers: { cookie },
  });
const removeToken = (cookie: string, id: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/core/v1/token/${id}`, headers: { cookie } });
const updateUser = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/portal-service/v1/user/updateUser',
    headers,
    payload: { email: 'kapad@example.org', firstName: 'Leo', lastName: 'Nilsson' },
  });

interface CookieContent {
  tokens: string[];
  active: number;
}
const sessionName = testCookieNames.session;
function contentOf(cookie: string): CookieContent {
  const pair = cookie.split('; ').find((part) => part.startsWith(`${sessionName}=`))!;
  return JSON.parse(decodeURIComponent(pair.slice(sessionName.length + 1))) as CookieContent;
}
function withContent(content: CookieContent) {
  return `${sessionName}=${encodeURIComponent(JSON.stringify(content))}; ${testCookieNames.signedIn}=1`;
}
function expectCleared(response: Awaited<ReturnType<typeof me>>) {
  expect(response.statusCode).toBe(401);
  expect(response.json().code).toBe('SESSION_INVALID');
  const cleared = response.cookies.filter((cookie) => cookie.value === '');
  expect(cleared.map((cookie) => cookie.name).sort()).toEqual(
    [testCookieNames.session, testCookieNames.signedIn].sort(),
  );
}

/** Karin signs in and acts as her child Leo: the cookie holds [Karin's, Leo's]. */
async function guardianActingAsChild() {
  const guardian = await signIn(t.app, people.karin);
  const switched = await switchTo(guardian, await idOf('leo'));
  expect(switched.statusCode).toBe(200);
  const cookie = cookieHeaderFrom(switched.cookies, guardian);
  return { cookie, content: contentOf(cookie), childTokenId: switched.json().token.id as string };
}

describe('F1: a guardian cannot act as the child by editing the cookie', () => {
  it('a cookie rewritten to hold only the child’s token is refused and cleared; nothing is written', async () => {
    const { content } = await guardianActingAsChild();
    const forged = withContent({ tokens: [content.tokens[1]!], active: 0 });
    expectCleared(await updateUser({ cookie: forged }));
    expect((await me({ cookie: withContent(content) })).json().email).toBeNull();
  });

  it('the child’s token alone, presented as a bearer, is still known to be the guardian’s', async () => {
    const { content, childTokenId } = await guardianActingAsChild();
    const bearer = { authorization: `Bearer ${content.tokens[1]!}` };
    expect((await me(bearer)).json().name).toBe('Leo Nilsson');
    const refused = await updateUser(bearer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Det går inte att ändra ditt barns lösenord, e-post eller inloggningar.',
    );
    const mail = await t.app.inject({
      method: 'PUT',
      url: '/api/portal-service/v1/user/notification-settings',
      headers: bearer,
      payload: { email: false },
    });
    expect(mail.statusCode).toBe(403);
    const signIns = await t.app.inject({
      url: '/api/portal-service/v1/user/sign-ins',
      headers: bearer,
    });
    expect(signIns.statusCode).toBe(403);
    const [row] = await t.db.select().from(tokens).where(eq(tokens.id, childTokenId));
    expect(row).toMatchObject({
      userId: await idOf('leo'),
      signedInUserId: await idOf('karin'),
      originUserId: await idOf('karin'),
      issuedThrough: expect.any(String),
    });
  });

  it('forged, reordered, truncated, duplicated and foreign cookies are 401 and cleared', async () => {
    const { content } = await guardianActingAsChild();
    const other = contentOf(await signIn(t.app, people.johan));
    const [guardian, child] = content.tokens as [string, string];
    const bad: CookieContent[] = [
      { tokens: [child, guardian], active: 0 },
      { tokens: [child, guardian], active: 1 },
      { tokens: [child], active: 0 },
      { tokens: [guardian, child, child], active: 1 },
      { tokens: [guardian, child, other.tokens[0]!], active: 1 },
      { tokens: [other.tokens[0]!, child], active: 1 },
      { tokens: [guardian, 'A'.repeat(43)], active: 0 },
    ];
    for (const cookie of bad) expectCleared(await me({ cookie: withContent(cookie) }));
    for (const raw of ['{"tokens":', '[]', '{"tokens":[],"active":0}']) {
      expectCleared(await me({ cookie: `${sessionName}=${encodeURIComponent(raw)}` }));
    }
    // The session as issued still works, acting as the child or as the guardian.
    expect((await me({ cookie: withContent(content) })).json().name).toBe('Leo Nilsson');
    expect((await me({ cookie: withContent({ ...content, active: 0 }) })).json().name).toBe(
      'Karin Nilsson',
    );
  });

  it('every write through the child’s token is audited with the guardian as the real actor', async () => {
    const { cookie } = await guardianActingAsChild();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/favorite',
      headers: { cookie },
      payload: { name: 'Skolverket', url: 'https://www.skolverket.se' },
    });
    expect(created.statusCode).toBe(201);
    const leoId = await idOf('leo');
    const karinId = await idOf('karin');
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ['favorite.created', 'related.request']));
    expect(rows.filter((row) => row.actorUserId === leoId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ action: 'favorite.created', realUserId: karinId }),
        expect.objectContaining({
          action: 'related.request',
          realUserId: karinId,
          entityId: 'POST /api/core/v1/favorite',
        }),
      ]),
    );
  });
});

describe('F5: removing the active token activates the last remaining one', () => {
  it('a guardian leaving the child’s account lands on the last remaining token', async () => {
    const guardian = await signIn(t.app, people.karin);
    const toLeo = await switchTo(guardian, await idOf('leo'));
    let cookie = cookieHeaderFrom(toLeo.cookies, guardian);
    const toElsa = await switchTo(cookie, await idOf('elsa'));
    cookie = cookieHeaderFrom(toElsa.cookies, cookie);
    const elsaToken = toElsa.json().token.id as string;
    const leoToken = toLeo.json().token.id as string;

    const removed = await removeToken(cookie, elsaToken);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().activeTokenId).toBe(leoToken);
    expect(removed.json().tokens.map((token: { id: string }) => token.id)).not.toContain(elsaToken);
    cookie = cookieHeaderFrom(removed.cookies, cookie);
    expect((await me({ cookie })).json().name).toBe('Leo Nilsson');
    const [row] = await t.db.select().from(tokens).where(eq(tokens.id, elsaToken));
    expect(row!.status).toBe('revoked');
  });

  it('a masked session removing its active token ends up on the administrator’s, every masked token revoked at once', async () => {
    const admin = await signIn(t.app, people.kim);
    const masked = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/token',
      headers: { cookie: admin },
      payload: { type: 'masked', userId: await idOf('karin') },
    });
    let cookie = cookieHeaderFrom(masked.cookies, admin);
    const toLeo = await switchTo(cookie, await idOf('leo'));
    expect(toLeo.json().token).toMatchObject({ masked: true });
    cookie = cookieHeaderFrom(toLeo.cookies, cookie);
    const maskedIds = [masked.json().token.id as string, toLeo.json().token.id as string];

    const removed = await removeToken(cookie, maskedIds[1]!);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({
      masked: false,
      tokens: [{ name: 'Kim Karlsson', active: true }],
    });
    expect(removed.json().tokens).toHaveLength(1);
    expect(removed.json().activeTokenId).toBe(removed.json().tokens[0].id);
    const rows = await t.db.select().from(tokens).where(inArray(tokens.id, maskedIds));
    expect(rows.map((row) => row.status)).toEqual(['revoked', 'revoked']);
    cookie = cookieHeaderFrom(removed.cookies, cookie);
    expect((await me({ cookie })).json()).toMatchObject({ name: 'Kim Karlsson', masked: false });
  });
});

describe('F6: a role switch while masked follows the masking rules', () => {
  it('refuses to switch to a related account that is an administrator, writing nothing', async () => {
    // Johan's other account is a super administrator's.
    const johanId = await idOf('johan');
    const svenId = (await buildUser(t, { role: 'role_superadmin', samePersonAs: people.johan })).id;
    const admin = await signIn(t.app, people.kim);
    const masked = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/token',
      headers: { cookie: admin },
      payload: { type: 'masked', userId: johanId },
    });
    expect(masked.statusCode).toBe(200);
    const cookie = cookieHeaderFrom(masked.cookies, admin);
    const refused = await switchTo(cookie, svenId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Du kan inte agera som en annan administratör.');
    expect(refused.cookies).toHaveLength(0);
    const issued = await t.db
      .select()
      .from(tokens)
      .where(and(eq(tokens.userId, svenId), eq(tokens.masked, true)));
    expect(issued).toHaveLength(0);
    expect((await me({ cookie })).json()).toMatchObject({ name: 'Johan Berg', masked: true });
  });
});
