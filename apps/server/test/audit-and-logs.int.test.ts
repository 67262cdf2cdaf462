import { Writable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggableUrl, loggerOptions } from '../src/app';
import { auditLog } from '../src/db/schema';
import {
  cookieHeaderFrom,
  createTestApp,
  injectAsTheBrowser,
  testConfig,
  testCookieNames as cookies,
  type TestContext,
} from './harness';
import { buildUser, testPassword } from './factories';

let t: TestContext;
let logs = '';
/** The second app, with the logger under test; closed before the database. */
let loggedApp: TestContext['app'] | undefined;

beforeAll(async () => {
  t = await createTestApp({ demo: false });
  await buildUser(t, { role: 'role_teacher', username: 'johan.berg' });
  await buildUser(t, { role: 'role_employee', username: 'sara.ekstrom' });
  // A second app on the same database with the production logger, writing to memory.
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logs += chunk.toString();
      done();
    },
  });
  const config = testConfig({ LOG_LEVEL: 'trace' });
  const logged = await buildApp({
    config,
    database: t.database,
    logger: { ...loggerOptions(config), stream },
  });
  injectAsTheBrowser(logged);
  await logged.ready();
  t.app = logged;
  loggedApp = logged;
});
afterAll(async () => {
  await loggedApp?.close();
  await t.close();
});

describe('the audit log', () => {
  it('records failed and successful sign-ins with time, account and address — never the password', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/user/login',
      payload: { username: 'Johan.Berg', password: 'hemligt-fel-lösen' },
      remoteAddress: '10.20.30.40',
    });
    const [failed] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'session.login-failed'))
      .orderBy(desc(auditLog.id));
    expect(failed).toMatchObject({ entityId: 'johan.berg', address: '10.20.30.40' });
    expect(failed!.actorUserId).toEqual(expect.any(Number));
    expect(failed!.at).toBeInstanceOf(Date);
    expect(JSON.stringify(failed)).not.toContain('hemligt-fel-lösen');

    await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/user/login',
      payload: { username: 'ingen.alls', password: 'x' },
      remoteAddress: '10.20.30.41',
    });
    const [unknown] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'session.login-failed'))
      .orderBy(desc(auditLog.id));
    expect(unknown).toMatchObject({
      actorUserId: null,
      entityId: 'ingen.alls',
      address: '10.20.30.41',
    });

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/user/login',
      payload: { username: 'johan.berg', password: testPassword },
      remoteAddress: '10.20.30.42',
    });
    expect(ok.statusCode).toBe(200);
    const [success] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'session.login'))
      .orderBy(desc(auditLog.id));
    expect(success).toMatchObject({
      address: '10.20.30.42',
      requestId: ok.headers['x-request-id'],
    });
  });
});

describe('the server log', () => {
  it('never contains passwords, tokens or session cookies', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/user/login',
      payload: { username: 'sara.ekstrom', password: testPassword },
    });
    const session = response.cookies.find((cookie) => cookie.name === cookies.session)!;
    const secret = JSON.parse(decodeURIComponent(session.value)).tokens[0] as string;
    const cookie = cookieHeaderFrom(response.cookies);
    await t.app.inject({ url: '/api/core/v1/user', headers: { cookie } });
    await t.app.inject({
      url: '/api/core/v1/user',
      headers: { authorization: `Bearer ${secret}` },
    });
    await t.app.inject({ url: '/api/core/v1/finns-inte', headers: { cookie } });
    // The calendar feed's secret address is fetched without a session.
    const feed = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/course-feed',
      headers: { cookie },
    });
    const feedPath = new URL(feed.json().url as string).pathname;
    expect((await t.app.inject({ url: feedPath })).statusCode).toBe(200);
    const feedSecret = feedPath
      .split('/')
      .pop()!
      .replace(/\.ics$/, '');

    expect(logs.length).toBeGreaterThan(500);
    expect(logs).toContain('"reqId"');
    expect(logs).not.toContain(testPassword);
    expect(logs).not.toContain(secret);
    expect(logs).not.toContain(encodeURIComponent(secret));
    expect(logs).toContain('/api/core/v1/course-feed/[dolt]');
    expect(logs).not.toContain(feedSecret);
  });

  it('hides the link id of a shared document, as it hides the feed secret', () => {
    expect(loggableUrl('/api/document-repository/v1/shared/Ab_3-x?download=1')).toBe(
      '/api/document-repository/v1/shared/[dolt]?download=1',
    );
    expect(loggableUrl('/api/core/v1/course-feed/abc.ics')).toBe('/api/core/v1/course-feed/[dolt]');
    expect(loggableUrl('/api/core/v1/post/shared-news')).toBe('/api/core/v1/post/shared-news');
  });
});
