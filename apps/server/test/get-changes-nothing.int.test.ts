import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserIdByUsername } from '../src/db/seed/demo-municipality';
import { collectKnownValues } from './fuzz/known-values';
import { databaseFingerprint, installWriteJournal } from './fuzz/write-journal';
import { cookieHeaderFrom, createTestApp, signInAs, type TestContext } from './harness';
import { listRoutes } from './route-list';

/**
 * GET never changes state (ASVS V3.5.3; a link or an image on another site
 * can make a browser send one): every GET route of the API, with real ids,
 * as every kind of user, leaves every table exactly as it was.
 */
let t: TestContext;
let journal: Awaited<ReturnType<typeof installWriteJournal>>;
const sessions: Record<string, Record<string, string>> = { anonymous: {} };
let uuids: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  for (const [actor, username] of Object.entries({
    student: 'elsa.nilsson',
    caretaker: 'karin.nilsson',
    teacher: 'anna.larsson',
    schoolResponsible: 'lars.berglund',
    admin: 'eva.andersson',
    superadmin: 'sven.svensson',
  }))
    sessions[actor] = { cookie: await signInAs(t.app, username) };

  const guardian = sessions.caretaker!.cookie!;
  const related = await t.app.inject({
    url: '/api/portal-service/v1/user/related',
    headers: { cookie: guardian },
  });
  const child = related
    .json()
    .find((account: { relation: string }) => account.relation === 'child');
  const switched = await t.app.inject({
    method: 'POST',
    url: `/api/portal-service/v1/user/related/${child.id}/token`,
    headers: { cookie: guardian },
  });
  sessions.caretakerAsChild = { cookie: cookieHeaderFrom(switched.cookies, guardian) };
  const admin = await signInAs(t.app, 'eva.andersson');
  const masked = await t.app.inject({
    method: 'POST',
    url: '/api/core/v1/token',
    headers: { cookie: admin },
    payload: { type: 'masked', userId: await findUserIdByUsername(t.db, 'olle.larsson') },
  });
  sessions.maskedAdmin = { cookie: cookieHeaderFrom(masked.cookies, admin) };

  uuids = (await collectKnownValues(t.db)).strings.filter((value) =>
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(value),
  );
  journal = await installWriteJournal(t.db);
});
afterAll(() => t.close());

/** A few concrete URLs per route: low ids (every table counts from 1) and real uuids. */
function concreteUrls(route: string): string[] {
  if (!route.includes(':') && !route.includes('*')) return [route];
  return [0, 1, 2].map((variant) =>
    route
      .replace(/:cap\b/, ['search', 'media_upload', 'x'][variant]!)
      .replace(/:(linkId|id)\b(?=\/content|$)/, (match) =>
        route.startsWith('/api/document-repository') ? (uuids[variant] ?? '1') : match,
      )
      .replace(/:[A-Za-z]+/g, String(variant + 1))
      .replace(/\*$/, ['demo.png', '../../package.json', 'finns-inte.png'][variant]!),
  );
}

describe('GET requests', () => {
  it('change nothing, for any route and any kind of user', async () => {
    const routes = listRoutes(t.app).filter(
      (route) =>
        route.method === 'GET' &&
        (route.url.startsWith('/api/') || route.url.startsWith('/media/')) &&
        !route.url.startsWith('/api/docs'),
    );
    expect(routes.length).toBeGreaterThan(40);
    const before = await databaseFingerprint(t.db);
    await journal.since();
    const changed: string[] = [];
    let requests = 0;
    const answered = new Set<string>();
    for (const [actor, headers] of Object.entries(sessions)) {
      for (const route of routes) {
        for (const url of concreteUrls(route.url)) {
          const response = await t.app.inject({ url, headers });
          requests += 1;
          expect(response.statusCode, `${actor} GET ${url}`).toBeLessThan(500);
          if (response.statusCode === 200) answered.add(route.url);
          const writes = await journal.since();
          if (writes.length > 0) changed.push(`${actor} GET ${url}: ${JSON.stringify(writes)}`);
        }
      }
    }
    expect(changed).toEqual([]);
    expect(await databaseFingerprint(t.db)).toEqual(before);
    // Most routes were reached for real, not only refused.
    expect(
      answered.size,
      `${answered.size} of ${routes.length} routes answered 200`,
    ).toBeGreaterThan(routes.length * 0.6);
    expect(requests).toBeGreaterThan(routes.length * Object.keys(sessions).length);
  }, 300_000);
});
