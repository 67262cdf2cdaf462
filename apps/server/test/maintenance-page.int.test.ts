import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness';

let t: TestContext;
beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'skolportalen-web-'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Skolportalen</title>');
  mkdirSync(path.join(webDist, 'assets'));
  t = await createTestApp({
    env: { WEB_DIST_DIR: webDist, MAINTENANCE_MODE: 'true' },
    demo: false,
  });
});
afterAll(() => t.close());

describe('maintenance mode (issue 21.5)', () => {
  it('the maintenance page answers 503 with the app, as the API does', async () => {
    const page = await t.app.inject({ url: '/maintenance' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<title>Skolportalen</title>');
    expect((await t.app.inject({ url: '/api/core/v1/post' })).statusCode).toBe(503);
    expect((await t.app.inject({ url: '/finns/inte' })).statusCode).toBe(404);
  });
});
