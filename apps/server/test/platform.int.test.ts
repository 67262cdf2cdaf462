import { sv } from '@skolportalen/shared';
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness';

let t: TestContext;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'skolportalen-web-'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html lang="sv"><title>Skolportalen</title></html>',
  );
  writeFileSync(
    path.join(webDist, 'start.html'),
    '<!doctype html><html lang="sv"><title>Skolportalen</title><link rel="modulepreload" href="/assets/start-page-abc123.js"></html>',
  );
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // The build's compressed copies (apps/web/build/precompress.ts).
  writeFileSync(
    path.join(webDist, 'assets', 'app-abc123.js.br'),
    brotliCompressSync('console.log(1)'),
  );
  writeFileSync(path.join(webDist, 'assets', 'app-abc123.js.gz'), gzipSync('console.log(1)'));
  t = await createTestApp({
    env: { WEB_DIST_DIR: webDist },
    demo: false,
    beforeReady: (app) => {
      app.get('/api/test/crash', async () => {
        throw new Error('database password is hunter2');
      });
    },
  });
});
afterAll(() => t.close());

describe('health and readiness', () => {
  it('/health answers from the process, /ready checks the database', async () => {
    expect((await t.app.inject({ url: '/health' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ url: '/ready' })).json()).toEqual({
      status: 'ok',
      database: t.backend,
    });
  });
});

describe('errors', () => {
  it('a crash is a 500 with a request id and no details', async () => {
    const response = await t.app.inject({ url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    const body = response.json();
    expect(body.code).toBe('INTERNAL');
    expect(body.requestId).toBe(response.headers['x-request-id']);
    expect(body.message).toContain(body.requestId);
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toMatch(/\bat \/|Error:/);
  });

  it('an unknown API path is a JSON 404 in Swedish', async () => {
    const response = await t.app.inject({ url: '/api/core/v1/finns-inte' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Det du letade efter finns inte.',
    });
  });

  it('answers a malformed or over-long address with a Swedish 400 or 414', async () => {
    const badEncoding = await t.app.inject({ url: '/api/core/v1/user/%ZZ' });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json()).toEqual({ code: 'BAD_URL', message: sv.errors.badUrl });
    const longParameter = await t.app.inject({ url: `/api/core/v1/user/${'1'.repeat(300)}` });
    expect(longParameter.statusCode).toBe(414);
    expect(longParameter.json()).toEqual({ code: 'URL_TOO_LONG', message: sv.errors.urlTooLong });
  });

  it('shows a browser that opens a malformed address a page in Swedish, not JSON', async () => {
    const response = await t.app.inject({
      url: '/nyheter/h%C3%B6stmarknad%ZZ<b>',
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toMatch(
      /^default-src 'none'; style-src 'sha256-[\w+/=]+'; .*frame-ancestors 'none'$/,
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toContain('<html lang="sv">');
    expect(response.body).toContain('<h1>Adressen är ogiltig</h1>');
    expect(response.body).toContain(sv.errors.refusedAddressPage.unreadable);
    expect(response.body).toContain(`<a href="/">${sv.errors.refusedAddressPage.home}</a>`);
    // Nothing of the address is written into the page.
    expect(response.body).not.toMatch(/stmarknad|<b>|%ZZ/);
    // A call of the API's, even one that accepts HTML, still gets the API's answer.
    const call = await t.app.inject({
      url: '/api/core/v1/user/%ZZ',
      headers: { accept: 'text/html,*/*' },
    });
    expect(call.json()).toEqual({ code: 'BAD_URL', message: sv.errors.badUrl });
  });

  it('refuses the NUL character anywhere in a request, naming the field', async () => {
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/user/login',
      payload: { username: 'a\u0000b', password: 'x' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: sv.errors.validation,
      errors: [{ field: 'username', message: sv.validation.invalidCharacters }],
    });
    const query = await t.app.inject({ url: '/api/document-repository/v1/shared/x%00y' });
    expect(query.statusCode).toBe(400);
    expect(query.json().errors).toEqual([
      { field: 'linkId', message: sv.validation.invalidCharacters },
    ]);
  });

  it('refuses unsupported content types and oversized bodies', async () => {
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/user/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/core/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(big.statusCode).toBe(413);
  });
});

describe('security headers', () => {
  it('sends a strict Content-Security-Policy without inline script', async () => {
    const response = await t.app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('keeps API answers out of every cache, unless a route says otherwise', async () => {
    for (const url of ['/api/core/v1/post', '/api/core/v1/finns-inte']) {
      const response = await t.app.inject({ url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('answers no TRACE (nothing echoes a request back)', async () => {
    for (const url of ['/', '/api/core/v1/post']) {
      // The injector's types list no TRACE; it sends any method as given.
      const response = await t.app.inject({ method: 'TRACE' as 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('TRACE');
    }
  });
});

describe('the web app', () => {
  it('answers client routes with index.html and API paths with JSON', async () => {
    for (const url of ['/', '/login', '/profile/admin/roles', '/nyhet/skolstart', '/sida']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
    // "/" alone gets the page that preloads the start page's code.
    expect((await t.app.inject({ url: '/' })).body).toContain('start-page-abc123.js');
    expect((await t.app.inject({ url: '/?fran=notis' })).body).toContain('start-page-abc123.js');
    expect((await t.app.inject({ url: '/login' })).body).not.toContain('start-page');
    const asset = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('an address with no page is a 404 that still carries the app, which shows its own page (issue 21.5)', async () => {
    for (const url of [
      '/finns/inte',
      '/finns-inte',
      '/profile/nope',
      '/nyhet/skolstart/mer',
      '/404',
      '/assets',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toContain('<title>Skolportalen</title>');
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/finns/inte' });
    expect(head.statusCode).toBe(404);
    // Not in maintenance mode, the maintenance page is just a page.
    expect((await t.app.inject({ url: '/maintenance' })).statusCode).toBe(200);
  });

  it('a page address whose last part holds a dot is the app, not a missing file (issue 21.9)', async () => {
    for (const url of [
      '/profile/info/anna.larsson',
      '/profile/info/anna.larsson?highlightEmail=true',
      '/PROFILE/info/karin.nilsson',
      '/nyhet/version-2.0',
      '/dokument/abc.def',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toContain('<title>Skolportalen</title>');
    }
    // A missing file in the build's folders is the plain 404.
    for (const url of ['/assets/missing.js', '/assets/deep/missing.css']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('sends the Brotli or gzip copy of an asset to a browser that accepts it, the file to others', async () => {
    const ask = (encoding?: string) =>
      t.app.inject({
        url: '/assets/app-abc123.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const brotli = await ask('gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['vary']).toContain('accept-encoding');
    expect(brotli.headers['content-type']).toContain('javascript');
    const gzip = await ask('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('console.log(1)');
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });
});

describe('OpenAPI', () => {
  it('documents every route of the spec that exists, at /api/openapi.json', async () => {
    // Read from the app: the route itself needs a sign-in (api-docs.int.test.ts).
    const document = JSON.parse(JSON.stringify(t.app.swagger()));
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/core/v1/user/login',
        '/api/core/v1/user',
        '/api/core/v1/user/{id}/capability',
        '/api/core/v1/capability',
        '/api/core/v1/role',
        '/api/core/v1/category',
        '/api/core/v1/node',
        '/api/portal-service/v1/user/related',
        '/api/portal-service/v1/user/related/{id}/token',
        '/api/portal-service/v1/saml/logout',
        '/api/portal-service/v1/saml/token',
      ]),
    );
  });
});
