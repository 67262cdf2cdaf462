import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ demo: false, env: { ANALYTICS_HOSTS: 'skolportalen.exempelby.se' } });
});
afterAll(() => t.close());

const view = (host: string, path: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/portal-service/v1/analytics/pageview',
    headers: { host },
    payload: { path },
  });

describe('page-view counts', () => {
  it('are on only for the configured production host', async () => {
    const config = (host: string) =>
      t.app.inject({ url: '/api/portal-service/v1/analytics/config', headers: { host } });
    expect((await config('skolportalen.exempelby.se')).json()).toEqual({ enabled: true });
    expect((await config('localhost:3000')).json()).toEqual({ enabled: false });
  });

  it('count per day and path, and nothing from other hosts', async () => {
    expect((await view('skolportalen.exempelby.se', '/nyhet/skolstart')).statusCode).toBe(204);
    await view('skolportalen.exempelby.se', '/nyhet/skolstart');
    await view('test.exempelby.se', '/nyhet/skolstart');
    const admin = await signIn(t.app, await buildUser(t, { role: 'role_admin' }));
    const rows = (
      await t.app.inject({
        url: '/api/portal-service/v1/analytics/pageviews',
        headers: { cookie: admin },
      })
    ).json();
    expect(rows).toEqual([
      { day: new Date().toISOString().slice(0, 10), path: '/nyhet/skolstart', views: 2 },
    ]);
    expect(response(rows)).not.toContain('anna');
  });

  it('refuse anything but a plain path', async () => {
    for (const path of [
      'https://annan.example/',
      '/sok?q=personnummer',
      '/sida#x',
      'javascript:alert(1)',
      `/${'a'.repeat(600)}`,
    ]) {
      expect((await view('skolportalen.exempelby.se', path)).statusCode, path).toBe(400);
    }
  });

  it('are readable by administrators only', async () => {
    const teacher = await signIn(t.app, await buildUser(t, { role: 'role_teacher' }));
    expect(
      (
        await t.app.inject({
          url: '/api/portal-service/v1/analytics/pageviews',
          headers: { cookie: teacher },
        })
      ).statusCode,
    ).toBe(403);
  });
});

const response = (value: unknown) => JSON.stringify(value);
