import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to embedded PGlite under ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.cookieSecure).toBe(true);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://portal@db:5432/portal' });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://portal@db:5432/portal' });
  });

  it('fails fast naming the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'tretusen' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'tretusen' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ COOKIE_SECURE: 'kanske' })).toThrow(/COOKIE_SECURE/);
  });

  it('turns on the SS 12000 API import only with a URL, and checks it', () => {
    expect(loadConfig({}).ss12000).toBeNull();
    expect(
      loadConfig({
        SS12000_API_URL: 'https://skolregister.example/ss12000/v2/',
        SS12000_API_TOKEN: 'hemlig',
      }).ss12000,
    ).toEqual({
      baseUrl: 'https://skolregister.example/ss12000/v2',
      token: 'hemlig',
      timeoutMs: 30_000,
    });
    expect(() => loadConfig({ SS12000_API_URL: 'skolregistret' })).toThrow(/SS12000_API_URL/);
  });
});
