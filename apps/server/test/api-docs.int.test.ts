import { sv } from '@skolportalen/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from './factories';
import { createTestApp, type TestContext } from './harness';

/** The OpenAPI document and its reference page (issue 20 F8, setting API_DOCS). */
const docsUrls = [
  '/api/openapi.json',
  '/api/docs/',
  '/api/docs/json',
  '/api/docs/static/index.html',
];

let signedIn: TestContext;
let open: TestContext;
let off: TestContext;
beforeAll(async () => {
  signedIn = await createTestApp({ demo: false });
  open = await createTestApp({ env: { API_DOCS: 'public' }, demo: false });
  off = await createTestApp({ env: { API_DOCS: 'off' }, demo: false });
  // Three apps: more than one app's usual start.
}, 240_000);
afterAll(async () => {
  await Promise.all([signedIn, open, off].map((t) => t?.close()));
});

describe('API documentation', () => {
  it('is shown only to people signed in, by default', async () => {
    for (const url of docsUrls) {
      const anonymous = await signedIn.app.inject({ url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().message, url).toBe(sv.errors.unauthenticated);
      expect(anonymous.body, url).not.toContain('/api/core/v1/user/login');
    }
    const cookie = await signIn(signedIn.app, await buildUser(signedIn, { role: 'role_student' }));
    const document = await signedIn.app.inject({ url: '/api/openapi.json', headers: { cookie } });
    expect(document.statusCode).toBe(200);
    expect(document.json().openapi).toBe('3.1.0');
    const page = await signedIn.app.inject({ url: '/api/docs/', headers: { cookie } });
    expect(page.statusCode).toBe(200);
  });

  it('is open to anyone with API_DOCS=public', async () => {
    for (const url of ['/api/openapi.json', '/api/docs/'])
      expect((await open.app.inject({ url })).statusCode, url).toBe(200);
  });

  it('is not served at all with API_DOCS=off', async () => {
    for (const url of docsUrls) expect((await off.app.inject({ url })).statusCode, url).toBe(404);
  });
});
