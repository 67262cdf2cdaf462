import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBlock, type BrokenLinkItem } from '@skolportalen/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerClientOf, buildPost, buildUser, type TestUser } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { linkChecks, notifications, posts } from '../../db/schema';
import { runLinkCheck, type LinkCheckSettings } from './link-check-run';

/**
 * The nightly link check against a local web server that answers every way
 * a link can (decision 0046): 200, 404, 500, no answer in time, a redirect
 * loop, HEAD not allowed. Private addresses are allowed here by the setting
 * the tests need; the portal's own origin is never asked.
 */
let t: TestContext;
let server: Server;
let base: string;
let author: TestUser;
let other: TestUser;
const requests: { method: string; path: string; headers: IncomingHttpHeaders }[] = [];
let missingComesBack = false;

const settings: LinkCheckSettings = {
  maxLinks: 100,
  timeoutMs: 400,
  hostIntervalMs: 40,
  maxRedirects: 3,
  allowPrivate: true,
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ method: request.method ?? '', path, headers: request.headers });
    if (path === '/ok' || (path === '/missing' && missingComesBack)) return response.end();
    if (path === '/missing') return response.writeHead(404).end();
    if (path === '/error') return response.writeHead(500).end();
    if (path === '/loop') return response.writeHead(302, { location: '/loop' }).end();
    if (path === '/moved') return response.writeHead(301, { location: '/ok' }).end();
    if (path === '/no-head') return response.writeHead(request.method === 'HEAD' ? 405 : 200).end();
    if (path === '/slow') {
      setTimeout(() => response.end(), 3000).unref();
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestApp({ demo: false });
  author = await buildUser(t, { role: 'role_teacher' });
  other = await buildUser(t, { role: 'role_teacher' });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

const html = (links: string[]) =>
  createBlock('html', {
    html: `<p>${links.map((href, index) => `<a href="${href}">Länk nummer ${index + 1}</a>`).join(' ')}</p>`,
  });

/** When each request was sent, as the checker sent it (arrival adds the network's jitter). */
const sent: number[] = [];
const countingFetch: typeof fetch = (input, init) => {
  sent.push(Date.now());
  return fetch(input, init);
};

const run = (now = new Date()) =>
  runLinkCheck(
    {
      db: t.db,
      jobs: t.app.jobs,
      settings,
      siteOrigin: 'http://portal.test',
      fetch: countingFetch,
    },
    now,
  );

async function brokenOf(user: TestUser, path = '/api/core/v1/broken-link/mine') {
  const call = await bearerClientOf(t, user);
  const response = await call('GET', path);
  expect(response.statusCode, response.body).toBe(200);
  return {
    items: response.json() as BrokenLinkItem[],
    total: Number(response.headers['x-pagination-total']),
  };
}

const broken = async () =>
  Object.fromEntries(
    (await t.db.select().from(linkChecks))
      .filter((row) => row.problem !== null)
      .map((row) => [new URL(row.url).pathname, [row.problem, row.httpStatus]]),
  );

describe('the nightly link check', () => {
  it('finds what is broken, politely, and tells the owner once', async () => {
    const post = await buildPost(t, {
      author,
      title: 'Länkar till lovskolan',
      content: [
        html([
          `${base}/ok`,
          `${base}/missing`,
          `${base}/error`,
          `${base}/slow`,
          `${base}/loop`,
          `${base}/no-head`,
          `${base}/moved#avsnitt`,
          'http://portal.test/api/core/v1/user',
          'mailto:rektor@skolan.se',
          '/sida/om-skolan',
        ]),
      ],
    });
    // A draft's links are nobody's business yet.
    await buildPost(t, { author: other, status: 'draft', content: [html([`${base}/error`])] });

    const result = await run();
    expect(result).toMatchObject({ checked: 7, broken: 4, owners: 1 });
    expect(await broken()).toEqual({
      '/missing': ['status', 404],
      '/error': ['status', 500],
      '/slow': ['timeout', null],
      '/loop': ['redirects', null],
    });

    // HEAD first, GET only where HEAD is not allowed; the loop stops at the limit; never credentials.
    const asked = requests.map((request) => `${request.method} ${request.path}`);
    expect(asked.filter((line) => line.endsWith('/no-head'))).toEqual([
      'HEAD /no-head',
      'GET /no-head',
    ]);
    expect(asked.filter((line) => line === 'HEAD /loop')).toHaveLength(settings.maxRedirects + 1);
    expect(asked.some((line) => line.includes('/api/'))).toBe(false);
    for (const request of requests) {
      expect(request.headers.cookie).toBeUndefined();
      expect(request.headers.authorization).toBeUndefined();
    }
    // One host: at least the interval between any two requests.
    const times = [...sent].sort((a, b) => a - b);
    expect(times).toHaveLength(requests.length);
    for (let index = 1; index < times.length; index += 1)
      expect(times[index]! - times[index - 1]!).toBeGreaterThanOrEqual(settings.hostIntervalMs - 2);

    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.source, 'broken-link'));
    expect(told).toHaveLength(1);
    expect(told[0]!.audience).toEqual({ nodeIds: [], categoryIds: [], userIds: [author.id] });
    expect(told[0]!.subject).toBe('Trasiga länkar i dina inlägg (4)');
    expect(told[0]!.body).toContain(`• Länkar till lovskolan: ${base}/missing`);

    const mine = await brokenOf(author);
    expect(mine.total).toBe(4);
    expect(mine.items.map((item) => [item.url, item.problem, item.post.id])).toEqual([
      [`${base}/error`, 'status', post.id],
      [`${base}/loop`, 'redirects', post.id],
      [`${base}/missing`, 'status', post.id],
      [`${base}/slow`, 'timeout', post.id],
    ]);
    expect(mine.items[0]!.owner).toMatchObject({ id: author.id });
    expect((await brokenOf(other)).total).toBe(0);
  });

  it('does not tell again the next night, and clears a link that works again', async () => {
    const before = (await t.db.select().from(linkChecks)).find((row) =>
      row.url.endsWith('/error'),
    )!;
    missingComesBack = true;
    const result = await run(new Date(Date.now() + 24 * 3600_000));
    expect(result.owners).toBe(0);
    expect(Object.keys(await broken()).sort()).toEqual(['/error', '/loop', '/slow']);
    const after = (await t.db.select().from(linkChecks)).find((row) => row.url.endsWith('/error'))!;
    expect(after.brokenSince).toEqual(before.brokenSince);
    expect(after.notifiedAt).toEqual(before.notifiedAt);
    expect(
      await t.db.select().from(notifications).where(eq(notifications.source, 'broken-link')),
    ).toHaveLength(1);
  });

  it('forgets a link removed from its post, and asks at most the limit per run', async () => {
    const post = await buildPost(t, { author: other, content: [html([`${base}/error?a=1`])] });
    const limited = await runLinkCheck(
      {
        db: t.db,
        jobs: t.app.jobs,
        settings: { ...settings, maxLinks: 1 },
        siteOrigin: 'http://portal.test',
      },
      new Date(),
    );
    // The address never asked goes first.
    expect(limited).toMatchObject({ checked: 1, broken: 1 });
    expect((await brokenOf(other)).items.map((item) => item.url)).toEqual([`${base}/error?a=1`]);

    await t.db
      .update(posts)
      .set({ content: [html([`${base}/ok`])] })
      .where(eq(posts.id, post.id));
    await run();
    expect((await brokenOf(other)).total).toBe(0);
  });

  it('skips private addresses unless allowed', async () => {
    requests.length = 0;
    await runLinkCheck(
      {
        db: t.db,
        jobs: t.app.jobs,
        settings: { ...settings, allowPrivate: false },
        siteOrigin: 'http://portal.test',
      },
      new Date(),
    );
    expect(requests).toEqual([]);
    expect(await t.db.select().from(linkChecks)).toEqual([]);
  });
});

describe('a school’s broken links', () => {
  it('shows administrators every school, a rektor her own, and refuses another school', async () => {
    await run();
    const admin = await buildUser(t, { role: 'role_admin' });
    const all = await brokenOf(admin, '/api/core/v1/broken-link');
    expect(all.total).toBe(3);
    const ofSchool = await brokenOf(
      admin,
      `/api/core/v1/broken-link?schoolId=${author.school!.id}`,
    );
    expect(ofSchool.items.every((item) => item.owner?.id === author.id)).toBe(true);
    expect(ofSchool.total).toBe(3);

    const rektor = await buildUser(t, {
      role: 'role_school_responsible',
      school: author.school,
    });
    expect((await brokenOf(rektor, '/api/core/v1/broken-link')).total).toBe(3);
    const paged = await brokenOf(rektor, '/api/core/v1/broken-link?perPage=2&page=2');
    expect(paged).toMatchObject({ total: 3 });
    expect(paged.items).toHaveLength(1);
    const call = await bearerClientOf(t, rektor);
    const elsewhere = await call('GET', `/api/core/v1/broken-link?schoolId=${other.school!.id}`);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().message).toBe(
      'Du kan bara se trasiga länkar för skolor som du är rektor för.',
    );

    const teacher = await (await bearerClientOf(t, author))('GET', '/api/core/v1/broken-link');
    expect(teacher.statusCode).toBe(403);
    const unsigned = await t.app.inject({ url: '/api/core/v1/broken-link/mine' });
    expect(unsigned.statusCode).toBe(401);
  });
});
