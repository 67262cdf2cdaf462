import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to embedded PGlite under ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.cookieSecure).toBe(true);
  });

  it('ends unused sessions after SESSION_IDLE_MINUTES, 60 unless told, 0 for never', () => {
    expect(loadConfig({}).sessionIdleMs).toBe(60 * 60_000);
    expect(loadConfig({ SESSION_IDLE_MINUTES: '15' }).sessionIdleMs).toBe(15 * 60_000);
    expect(loadConfig({ SESSION_IDLE_MINUTES: '0' }).sessionIdleMs).toBe(0);
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '-5' })).toThrow(/SESSION_IDLE_MINUTES/);
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

  it('seeds the demo municipality, with its published password, only outside production unless told', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('trusts the one proxy in front for TRUST_PROXY=true, or the proxies it names', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe('first-hop');
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'alla' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.5, *' })).toThrow(/TRUST_PROXY/);
  });
  it('migrates with a separate owner connection only beside DATABASE_URL', () => {
    expect(loadConfig({}).migrationDatabaseUrl).toBeNull();
    const split = loadConfig({
      DATABASE_URL: 'postgres://skolportalen_app@db/skolportalen',
      MIGRATION_DATABASE_URL: 'postgres://skolportalen_owner@db/skolportalen',
    });
    expect(split.migrationDatabaseUrl).toBe('postgres://skolportalen_owner@db/skolportalen');
    expect(() => loadConfig({ MIGRATION_DATABASE_URL: 'postgres://owner@db/x' })).toThrow(
      /MIGRATION_DATABASE_URL: needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://a@db/x', MIGRATION_DATABASE_URL: 'mysql://x' }),
    ).toThrow(/MIGRATION_DATABASE_URL/);
  });

  it('scans uploads only with a tcp:// clamd address', () => {
    expect(loadConfig({}).clamav).toBeNull();
    expect(loadConfig({ CLAMAV_URL: 'tcp://clamav:3310' }).clamav).toEqual({
      url: 'tcp://clamav:3310',
      timeoutMs: 30_000,
    });
    expect(() => loadConfig({ CLAMAV_URL: 'http://clamav:3310' })).toThrow(/CLAMAV_URL/);
  });
});
