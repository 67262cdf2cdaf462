import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('defaults to embedded PGlite under ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.kind).toBe('pglite');
    expect(config.cookieSecure).toBe(true);
  });

  it('holds PGlite in memory from DATA_DIR/pglite.image with PGLITE_IN_MEMORY', () => {
    const config = loadConfig({ DATA_DIR: '/srv/portal', PGLITE_IN_MEMORY: 'true' });
    expect(config.database).toEqual({ kind: 'pglite', memoryImage: '/srv/portal/pglite.image' });
    expect(loadConfig({ DATA_DIR: '/srv/portal' }).database).toEqual({
      kind: 'pglite',
      dataDir: '/srv/portal/pglite',
    });
    expect(() => loadConfig({ PGLITE_IN_MEMORY: 'maybe' })).toThrow(/PGLITE_IN_MEMORY/);
  });

  it('migrates at start unless MIGRATE_AT_START leaves it to the migration job', () => {
    expect(loadConfig({}).migrateAtStart).toBe(true);
    expect(loadConfig({ MIGRATE_AT_START: 'false' }).migrateAtStart).toBe(false);
    expect(() => loadConfig({ MIGRATE_AT_START: 'later' })).toThrow(/MIGRATE_AT_START/);
  });

  it('ends unused sessions after SESSION_IDLE_MINUTES, 60 unless told, 0 for never', () => {
    expect(loadConfig({}).sessionIdleMs).toBe(60 * 60_000);
    expect(loadConfig({ SESSION_IDLE_MINUTES: '15' }).sessionIdleMs).toBe(15 * 60_000);
    expect(loadConfig({ SESSION_IDLE_MINUTES: '0' }).sessionIdleMs).toBe(0);
    expect(() => loadConfig({ SESSION_IDLE_MINUTES: '-5' })).toThrow(/SESSION_IDLE_MINUTES/);
  });

  it('shows the API documentation to people signed in unless API_DOCS says public or off', () => {
    expect(loadConfig({}).apiDocs).toBe('signed-in');
    expect(loadConfig({ API_DOCS: 'public' }).apiDocs).toBe('public');
    expect(loadConfig({ API_DOCS: 'off' }).apiDocs).toBe('off');
    expect(() => loadConfig({ API_DOCS: 'alla' })).toThrow(/API_DOCS/);
  });

  it('serves /metrics only with METRICS_TOKEN, on its own port with METRICS_PORT', () => {
    expect(loadConfig({}).metrics).toBeNull();
    const token = 'a-long-enough-scrape-token';
    expect(loadConfig({ METRICS_TOKEN: token }).metrics).toEqual({ token, port: null });
    expect(loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '9464' }).metrics).toEqual({
      token,
      port: 9464,
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'kort' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_PORT: '9464' })).toThrow(/METRICS_PORT: needs METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
  });

  it('sends HSTS only for an https PUBLIC_URL, unless HSTS=false', () => {
    expect(loadConfig({}).hsts).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'http://portal.local' }).hsts).toBe(false);
    expect(loadConfig({ PUBLIC_URL: 'https://skolportalen.exempelby.se' }).hsts).toBe(true);
    expect(
      loadConfig({ PUBLIC_URL: 'https://skolportalen.exempelby.se', HSTS: 'false' }).hsts,
    ).toBe(false);
    expect(() => loadConfig({ HSTS: 'kanske' })).toThrow(/HSTS/);
  });

  it('frames videos from the common players unless VIDEO_EMBED_HOSTS names others, https only', () => {
    expect(loadConfig({}).videoEmbedOrigins).toEqual([
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
    ]);
    expect(
      loadConfig({ VIDEO_EMBED_HOSTS: 'https://Play.Kommunen.se/, https://player.vimeo.com' })
        .videoEmbedOrigins,
    ).toEqual(['https://play.kommunen.se', 'https://player.vimeo.com']);
    expect(() => loadConfig({ VIDEO_EMBED_HOSTS: 'http://play.kommunen.se' })).toThrow(
      /VIDEO_EMBED_HOSTS/,
    );
    expect(() => loadConfig({ VIDEO_EMBED_HOSTS: 'https://play.kommunen.se/video' })).toThrow(
      /VIDEO_EMBED_HOSTS/,
    );
  });

  it('ends shared document links after SHARED_LINK_DAYS, 30 unless told, 0 for until revoked', () => {
    expect(loadConfig({}).sharedLinkDays).toBe(30);
    expect(loadConfig({ SHARED_LINK_DAYS: '7' }).sharedLinkDays).toBe(7);
    expect(loadConfig({ SHARED_LINK_DAYS: '0' }).sharedLinkDays).toBe(0);
    expect(() => loadConfig({ SHARED_LINK_DAYS: '-1' })).toThrow(/SHARED_LINK_DAYS/);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const url = 'postgres://portal@db:5432/portal?sslmode=verify-full';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({
      kind: 'postgres',
      url,
      poolSize: 10,
    });
  });

  it('sizes the PostgreSQL pools with DATABASE_POOL_SIZE, and refuses a size that is none', () => {
    const url = 'postgres://portal@db:5432/portal?sslmode=verify-full';
    expect(loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '4' }).database).toMatchObject({
      poolSize: 4,
    });
    for (const size of ['0', '2.5', 'tio', '101'])
      expect(() => loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: size })).toThrow(
        /DATABASE_POOL_SIZE/,
      );
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
      DATABASE_URL: 'postgres://skolportalen_app@db/skolportalen?sslmode=verify-full',
      MIGRATION_DATABASE_URL: 'postgres://skolportalen_owner@db/skolportalen?sslmode=verify-full',
    });
    expect(split.migrationDatabaseUrl).toBe(
      'postgres://skolportalen_owner@db/skolportalen?sslmode=verify-full',
    );
    expect(() => loadConfig({ MIGRATION_DATABASE_URL: 'postgres://owner@db/x' })).toThrow(
      /MIGRATION_DATABASE_URL: needs DATABASE_URL/,
    );
    expect(() =>
      loadConfig({ DATABASE_URL: 'postgres://a@db/x', MIGRATION_DATABASE_URL: 'mysql://x' }),
    ).toThrow(/MIGRATION_DATABASE_URL/);
  });

  it('runs one portal process unless PORTAL_PROCESSES asks for more, which need PostgreSQL and Redis', () => {
    expect(loadConfig({}).processes).toBe(1);
    const local = { DATABASE_URL: 'postgres://app@127.0.0.1/x', REDIS_URL: 'redis://127.0.0.1' };
    expect(loadConfig({ ...local, PORTAL_PROCESSES: '2' }).processes).toBe(2);
    expect(() => loadConfig({ PORTAL_PROCESSES: '2', REDIS_URL: local.REDIS_URL })).toThrow(
      /PORTAL_PROCESSES: more than one needs DATABASE_URL \(PostgreSQL/,
    );
    expect(() => loadConfig({ PORTAL_PROCESSES: '2', DATABASE_URL: local.DATABASE_URL })).toThrow(
      /PORTAL_PROCESSES: more than one needs REDIS_URL/,
    );
    // Their metrics, added up, are served by the first process, on a port of its own.
    const metrics = { METRICS_TOKEN: 'a-token-of-thirty-two-characters!' };
    expect(() => loadConfig({ ...local, ...metrics, PORTAL_PROCESSES: '2' })).toThrow(
      /PORTAL_PROCESSES: more than one needs METRICS_PORT/,
    );
    expect(
      loadConfig({ ...local, ...metrics, METRICS_PORT: '9464', PORTAL_PROCESSES: '2' }).metrics,
    ).toEqual({ token: metrics.METRICS_TOKEN, port: 9464 });
    for (const wrong of ['0', '65', 'two', '1.5'])
      expect(() => loadConfig({ ...local, PORTAL_PROCESSES: wrong }), wrong).toThrow(
        /PORTAL_PROCESSES/,
      );
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

describe('TLS to backends (ASVS 12.3.1)', () => {
  const refusal = (variable: string) => new RegExp(`Invalid configuration:\\n  ${variable}: `);

  describe('PostgreSQL (DATABASE_URL, MIGRATION_DATABASE_URL)', () => {
    it('allows a plain connection on this host: loopback names and addresses, a Unix socket', () => {
      for (const url of [
        'postgres://portal@localhost:5432/portal',
        'postgres://portal@127.0.0.1/portal',
        'postgresql://portal@127.8.9.10/portal',
        'postgres://portal@[::1]:5432/portal',
        'postgres://portal@/portal?host=/var/run/postgresql',
        'postgres://portal@%2Fvar%2Frun%2Fpostgresql/portal',
        'postgres:///portal',
      ])
        expect(loadConfig({ DATABASE_URL: url }).database, url).toMatchObject({ url });
    });

    it('refuses a plain or unchecked connection to another host, naming the variable', () => {
      for (const url of [
        'postgres://portal@db.exempelby.se/portal',
        'postgres://portal@10.0.0.5/portal?sslmode=disable',
        'postgres://portal@db.exempelby.se/portal?sslmode=prefer',
        'postgres://portal@db.exempelby.se/portal?sslmode=no-verify',
        'postgres://portal@db.exempelby.se/portal?sslmode=require&uselibpqcompat=true',
        'postgres://portal@localhost/portal?host=db.exempelby.se',
        'postgres://portal@localhost.exempelby.se/portal',
      ]) {
        expect(() => loadConfig({ DATABASE_URL: url }), url).toThrow(ConfigError);
        expect(() => loadConfig({ DATABASE_URL: url }), url).toThrow(refusal('DATABASE_URL'));
      }
      expect(() =>
        loadConfig({
          DATABASE_URL: 'postgres://app@localhost/portal',
          MIGRATION_DATABASE_URL: 'postgres://owner@db.exempelby.se/portal',
        }),
      ).toThrow(refusal('MIGRATION_DATABASE_URL'));
    });

    it('allows another host over TLS', () => {
      for (const mode of ['verify-full', 'verify-ca', 'require']) {
        const url = `postgres://portal@db.exempelby.se:5432/portal?sslmode=${mode}`;
        expect(loadConfig({ DATABASE_URL: url }).database, url).toMatchObject({ url });
      }
    });
  });

  it('Redis (REDIS_URL): plain on this host, rediss:// to another', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe(
      'redis://127.0.0.1:6379',
    );
    expect(() => loadConfig({ REDIS_URL: 'redis://cache.exempelby.se:6379' })).toThrow(
      refusal('REDIS_URL'),
    );
    expect(loadConfig({ REDIS_URL: 'rediss://cache.exempelby.se:6380' }).redisUrl).toBe(
      'rediss://cache.exempelby.se:6380',
    );
  });

  const samlCert = { SAML_IDP_CERT: 'MIIC' + 'A'.repeat(40) };
  it.each([
    ['S3_ENDPOINT', {}],
    ['ALFRESCO_URL', {}],
    ['SS12000_API_URL', {}],
    ['SAML_ENTRY_POINT', samlCert],
    ['SAML_LOGOUT_URL', {}],
  ])('%s: http on this host, https to another', (variable, extra: Record<string, string>) => {
    const load = (url: string) => loadConfig({ ...extra, [variable]: url });
    expect(() => load('http://localhost:9000/x')).not.toThrow();
    expect(() => load('http://[::ffff:127.0.0.1]:9000/x')).not.toThrow();
    expect(() => load('http://backend.exempelby.se/x')).toThrow(refusal(variable));
    expect(() => load('http://127.0.0.1.nip.io/x')).toThrow(refusal(variable));
    expect(() => load('https://backend.exempelby.se/x')).not.toThrow();
  });

  describe('SMTP (SMTP_URL)', () => {
    it('is plain on this host, and to another host smtps:// or smtp:// with STARTTLS made compulsory', () => {
      expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).mail.requireTls).toBe(false);
      expect(loadConfig({ SMTP_URL: 'smtp://u:p@mail.exempelby.se:587' }).mail.requireTls).toBe(
        true,
      );
      expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.exempelby.se:465' }).mail.requireTls).toBe(
        false,
      );
    });

    it('refuses a URL that would switch TLS off or its certificate check for another host', () => {
      for (const query of [
        'ignoreTLS=true',
        'requireTLS=false',
        'secure=false',
        'tls.rejectUnauthorized=false',
      ])
        expect(
          () => loadConfig({ SMTP_URL: `smtp://mail.exempelby.se:587?${query}` }),
          query,
        ).toThrow(refusal('SMTP_URL'));
      expect(() => loadConfig({ SMTP_URL: 'smtp://localhost:25?ignoreTLS=true' })).not.toThrow();
    });
  });

  it('leaves clamd alone: it speaks only plain TCP', () => {
    expect(loadConfig({ CLAMAV_URL: 'tcp://clamav.exempelby.se:3310' }).clamav).not.toBeNull();
  });

  it('lists every plain backend at once and points to the escape hatch', () => {
    const attempt = () =>
      loadConfig({
        DATABASE_URL: 'postgres://portal@db.exempelby.se/portal',
        REDIS_URL: 'redis://cache.exempelby.se:6379',
      });
    expect(attempt).toThrow(
      /DATABASE_URL: db\.exempelby\.se is not on this host: add sslmode=verify-full/,
    );
    expect(attempt).toThrow(/REDIS_URL: cache\.exempelby\.se is not on this host: use rediss:\/\//);
    expect(attempt).toThrow(/BACKEND_TLS=optional/);
  });

  it('BACKEND_TLS=optional allows plain connections to other hosts, for a private network', () => {
    const config = loadConfig({
      BACKEND_TLS: 'optional',
      DATABASE_URL: 'postgres://portal@10.0.0.5/portal',
      REDIS_URL: 'redis://10.0.0.6:6379',
      S3_ENDPOINT: 'http://10.0.0.7:9000',
      ALFRESCO_URL: 'http://alfresco.intern',
      SS12000_API_URL: 'http://skolregister.intern/ss12000/v2',
      SMTP_URL: 'smtp://mail.intern:25?ignoreTLS=true',
    });
    expect(config.database).toMatchObject({ url: 'postgres://portal@10.0.0.5/portal' });
    expect(config.mail.requireTls).toBe(false);
    expect(loadConfig({}).mail.requireTls).toBe(false);
    expect(() => loadConfig({ BACKEND_TLS: 'av' })).toThrow(/BACKEND_TLS/);
  });
});

describe('OpenID Connect providers (OIDC_PROVIDERS)', () => {
  const entra = {
    OIDC_PROVIDERS: 'entra, e-legitimation',
    OIDC_ENTRA_ISSUER: 'https://login.microsoftonline.com/tenant/v2.0',
    OIDC_ENTRA_CLIENT_ID: 'portal',
    OIDC_ENTRA_CLIENT_SECRET: 'secret',
    OIDC_ENTRA_LABEL: 'Logga in som personal',
    OIDC_E_LEGITIMATION_ISSUER: 'https://broker.example.se',
    OIDC_E_LEGITIMATION_CLIENT_ID: 'skolportalen',
    OIDC_E_LEGITIMATION_SCOPES: 'profile',
    PUBLIC_URL: 'https://portal.exempelby.se/',
  };

  it('reads each provider under its own name, in the order given', () => {
    const [staff, guardians] = loadConfig(entra).oidc;
    expect(staff).toMatchObject({
      key: 'entra',
      label: 'Logga in som personal',
      clientSecret: 'secret',
      userClaim: 'preferred_username',
      redirectUri: 'https://portal.exempelby.se/api/portal-service/v1/oidc/entra/callback',
    });
    expect(guardians).toMatchObject({
      key: 'e-legitimation',
      clientSecret: null,
      scopes: 'openid profile',
      label: 'Logga in med e-legitimation',
    });
  });

  it('names the setting that is missing or wrong', () => {
    expect(() => loadConfig({ ...entra, OIDC_ENTRA_ISSUER: undefined })).toThrow(
      /OIDC_ENTRA_ISSUER/,
    );
    expect(() => loadConfig({ ...entra, OIDC_PROVIDERS: 'Entra!' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...entra, OIDC_ENTRA_USER_ID_SCOPE: 'skola.se' })).toThrow(
      /OIDC_ENTRA_USER_ID_SCOPE/,
    );
  });

  it('lets passwords be turned off when a provider is the way in', () => {
    expect(loadConfig({ ...entra, PASSWORD_SIGN_IN: 'off' }).passwordSignIn).toBe(false);
    expect(() => loadConfig({ PASSWORD_SIGN_IN: 'off' })).toThrow(/OIDC_PROVIDERS/);
  });
});
