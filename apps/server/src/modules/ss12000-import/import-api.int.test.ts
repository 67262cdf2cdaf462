import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';
import { sampleFile, snapshot, waitForRun } from './import-test-helpers';

/**
 * A stand-in for a school-data source: the sample file served as SS 12000
 * lists, 100 items a page, behind a bearer token. `mode` breaks it on purpose.
 */
let mode: 'ok' | 'down' | 'invalid' = 'ok';
const seen: string[] = [];
const source = sampleFile();
let server: Server;
let t: TestContext;
let admin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url!, 'http://source');
    seen.push(`${url.pathname}${url.search}`);
    if (request.headers.authorization !== 'Bearer kommunens-nyckel') {
      response.writeHead(401).end();
      return;
    }
    if (mode === 'down') {
      response.writeHead(503).end();
      return;
    }
    const list = url.pathname.replace('/ss12000/', '') as keyof typeof source;
    const all = (source[list] ?? []) as unknown[];
    const offset = Number(url.searchParams.get('pageToken') ?? 0);
    const data = all.slice(offset, offset + 100);
    const broken =
      mode === 'invalid' && list === 'persons'
        ? data.map((person) => ({ ...(person as object), givenName: 42 }))
        : data;
    const next = offset + 100 < all.length ? String(offset + 100) : null;
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ data: broken, pageToken: next }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  t = await createTestApp({
    demo: false,
    env: {
      SS12000_API_URL: `http://127.0.0.1:${port}/ss12000/`,
      SS12000_API_TOKEN: 'kommunens-nyckel',
    },
  });
  admin = await signIn(t.app, await buildUser(t, { role: 'role_admin' }));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

const start = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/core/v1/ss12000-import/api',
    headers: { cookie: admin },
  });

describe('importing from a configured SS 12000 API', () => {
  it('says the API is configured without showing the token', async () => {
    const answer = await t.app.inject({
      url: '/api/core/v1/ss12000-import/source',
      headers: { cookie: admin },
    });
    expect(answer.json()).toEqual({
      api: {
        configured: true,
        baseUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/ss12000$/),
      },
      maxFileBytes: 25 * 1024 * 1024,
    });
    expect(answer.body).not.toContain('kommunens-nyckel');
  });

  it('fails a run whose source is down or sends invalid data, and writes nothing', async () => {
    const before = await snapshot(t);
    mode = 'down';
    const down = await waitForRun(t, admin, (await start()).json().id);
    expect(down).toMatchObject({
      state: 'failed',
      error: 'Skolregistret svarade inte som väntat: /ss12000/organisations: HTTP 503',
    });
    expect(down.report.counts.usersCreated).toBe(0);

    mode = 'invalid';
    const invalid = await waitForRun(t, admin, (await start()).json().id);
    expect(invalid.state).toBe('failed');
    expect(invalid.error).toBe(
      'Skolregistrets svar följer inte SS 12000 (persons.0.givenName: Fel typ av värde).',
    );
    expect(await snapshot(t)).toEqual({ ...before, importRuns: before.importRuns! + 2 });
  });

  it('reads every page with the filters and token, and imports like the file does', async () => {
    mode = 'ok';
    seen.length = 0;
    const started = await start();
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({
      source: 'api',
      state: expect.stringMatching(/queued|running/),
    });
    const run = await waitForRun(t, admin, started.json().id);
    expect(run.state).toBe('succeeded');
    expect(run.report.counts).toMatchObject({
      nodesCreated: 30,
      usersCreated: 312,
      categoryLinksAdded: 6,
    });
    expect(seen).toContain('/ss12000/organisations?type=Skolenhet');
    expect(seen).toContain('/ss12000/groups?groupType=Klass&groupType=Undervisning');
    expect(seen).toContain('/ss12000/persons?expand=responsibleFor');
    expect(seen).toContain('/ss12000/persons?pageToken=300');
    expect(seen.filter((request) => request.startsWith('/ss12000/persons'))).toHaveLength(4);

    const again = await waitForRun(t, admin, (await start()).json().id);
    expect(Object.values(again.report.counts).every((value) => value === 0)).toBe(true);
  });
});
