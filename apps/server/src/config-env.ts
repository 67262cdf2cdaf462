import { knownLanguage, knownLanguages } from '@skolportalen/shared';
import { z } from 'zod';

// Every environment variable the portal reads and how it is checked; config.ts
// parses them once and builds the configuration the app is given.
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => ['true', '1', 'yes'].includes(value));

/** Google services a Google tool may point at (spec §5 "Google tool"). */
export const defaultGoogleToolHosts = [
  'https://docs.google.com',
  'https://drive.google.com',
  'https://classroom.google.com',
  'https://sites.google.com',
  'https://calendar.google.com',
  'https://mail.google.com',
  'https://meet.google.com',
  'https://keep.google.com',
];

/** A comma-separated list of origins (scheme and host, no path), e.g. `https://docs.google.com`. */
const originList = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().replace(/\/+$/, ''))
      .filter(Boolean),
  )
  .pipe(
    z
      .array(
        z
          .string()
          .regex(
            /^https?:\/\/[a-z0-9.-]+(:\d+)?$/i,
            'each entry must be an origin such as https://docs.google.com',
          ),
      )
      .min(1),
  );

/**
 * Which reverse proxy to believe about the client's address (X-Forwarded-For),
 * which the sign-in limits and the audit log use. `true`: every connection
 * comes through the one proxy in front of the portal, and the address that
 * proxy saw is the client's; anything a client wrote into the header itself is
 * never taken. A comma-separated list names the proxies' addresses or networks
 * instead, for when the portal can also be reached without them.
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value, context): false | 'first-hop' | string[] => {
    if (['false', 'no', '0'].includes(value)) return false;
    if (['true', 'yes', '1'].includes(value)) return 'first-hop';
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const address = /^(?:[\d.]+|[\da-f:.]+)(?:\/\d{1,3})?$|^(?:loopback|linklocal|uniquelocal)$/i;
    if (entries.length > 0 && entries.every((entry) => address.test(entry))) return entries;
    context.addIssue({
      code: 'custom',
      message: "true, false, or a comma-separated list of the proxies' addresses or networks",
    });
    return z.NEVER;
  });

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** postgres://… to use a PostgreSQL server; unset means embedded PGlite under DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /**
   * The schema owner's connection, used only to migrate at start; the portal
   * then runs with DATABASE_URL, which needs only row rights (ASVS 13.2.2).
   */
  MIGRATION_DATABASE_URL: z
    .string()
    .regex(
      /^postgres(ql)?:\/\//,
      'MIGRATION_DATABASE_URL must start with postgres:// or postgresql://',
    )
    .optional(),
  /**
   * Migrate at start (the default). `false` when a migration job migrates before the instances
   * roll (Kubernetes): an instance then only checks that the schema has every migration it knows.
   */
  MIGRATE_AT_START: booleanFlag.default(true),
  /**
   * Portal processes on this machine, sharing its port: one per core uses every core (a process
   * runs JavaScript on one). Above 1 they need PostgreSQL and Redis, as several instances do.
   */
  PORTAL_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  /**
   * PostgreSQL only: the connections each of a process's two pools may open (the statements
   * planned once have their own, db/client.ts), so a process opens up to twice this many.
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * Embedded PGlite held in memory instead of under DATA_DIR, started from the image
   * DATA_DIR/pglite.image when one is there (`npm run seed` writes it with this set). For
   * throwaway portals — a demo that starts afresh each time, the end-to-end suite's portals —
   * since nothing written is kept when the portal stops.
   */
  PGLITE_IN_MEMORY: booleanFlag.optional(),
  /**
   * Seed the demo municipality when the database is empty. Off by default in
   * production: the demo accounts' password is published in the README.
   */
  SEED_DEMO: booleanFlag.optional(),
  /** Where the built web app is; served at / with a fallback to index.html. */
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Public origin of the portal, used for same-origin checks and redirects.
   * A trailing slash is dropped, so addresses built on it never read `//api`.
   */
  PUBLIC_URL: z
    .string()
    .url()
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  COOKIE_SECURE: booleanFlag.default(true),
  /**
   * Strict-Transport-Security on every answer when PUBLIC_URL is https (ASVS 3.4.1);
   * `false` behind a proxy that sets the header itself.
   */
  HSTS: booleanFlag.default(true),
  /**
   * `off` takes away the username-and-password form and route, so everyone
   * signs in through SSO and the identity provider's MFA (ASVS 6.3.3).
   */
  PASSWORD_SIGN_IN: z.enum(['on', 'off']).default('on'),
  TRUST_PROXY: trustProxySetting.default(false),
  /** Minutes a signed-in session may go unused before it must sign in again; 0 turns it off. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(60),
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  LOGIN_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Sign-in attempts on one account from all addresses together (slows spread-out guessing). */
  LOGIN_RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().min(1).default(30),
  /** Sign-in attempts from one address on all accounts together: a school's shared address signs in many people each morning. */
  LOGIN_RATE_LIMIT_ADDRESS_MAX: z.coerce.number().int().min(1).default(300),
  /** Writes (POST/PUT/PATCH/DELETE) one signed-in account may make a minute, all at once if it likes; 0 turns the limit off. */
  WRITE_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).max(100_000).default(120),
  REDIS_URL: z.string().url().optional(),
  /**
   * `required`: a backend off this host (database, Redis, S3, Alfresco,
   * SS 12000, SMTP, the IdP) must be reached over TLS (backend-tls.ts).
   * `optional` allows plain connections on a private network.
   */
  BACKEND_TLS: z.enum(['required', 'optional']).default('required'),
  MAINTENANCE_MODE: booleanFlag.default(false),
  /** On SIGTERM, how long /ready reports draining before the server stops taking requests. */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** SAML single sign-on: the IdP's sign-in URL (or its metadata, below) turns it on. */
  SAML_ENTRY_POINT: z.string().url().optional(),
  /** The IdP's metadata at a URL: sign-in URL, logout URL, entity id and certificates, refreshed on a schedule. */
  SAML_IDP_METADATA_URL: z.string().url().optional(),
  /** The IdP's metadata in a file (read at start and on each refresh). */
  SAML_IDP_METADATA_FILE: z.string().min(1).optional(),
  /**
   * The certificate the metadata's signature must hold for (PEM, base64, or a
   * PEM file): a federation signs its aggregate with its operator's key.
   */
  SAML_IDP_METADATA_SIGNING_CERT: z.string().min(1).optional(),
  /** How often the IdP's metadata is read again, in hours. */
  SAML_IDP_METADATA_REFRESH_HOURS: z.coerce
    .number()
    .min(0.1)
    .max(24 * 30)
    .default(12),
  /** The IdP's signing certificate (PEM, or base64 without the PEM lines); several separated by "|". */
  SAML_IDP_CERT: z.string().min(20).optional(),
  /** Expected Issuer of the IdP's responses. */
  SAML_IDP_ISSUER: z.string().min(1).optional(),
  /** The IdP's single logout URL; without it logout ends only the portal session. */
  SAML_LOGOUT_URL: z.string().url().optional(),
  /** This portal's entity id (the audience the IdP must name); set it so a new host name keeps the registration. */
  SAML_SP_ENTITY_ID: z.string().min(1).optional(),
  /** The portal's own SAML key and certificate (PEM files); generated into DATA_DIR/saml when absent. */
  SAML_SP_KEY_FILE: z.string().min(1).optional(),
  SAML_SP_CERT_FILE: z.string().min(1).optional(),
  /** Sign AuthnRequests, LogoutRequests and LogoutResponses with the portal's key. */
  SAML_SIGN_REQUESTS: booleanFlag.default(true),
  /**
   * Which signature must cover the assertion: one on the assertion or on the
   * whole response (what ADFS, Entra ID and Shibboleth send), or `both`.
   */
  SAML_REQUIRED_SIGNATURES: z
    .enum(['assertion-or-response', 'both'])
    .default('assertion-or-response'),
  /** Accept sign-ins the IdP starts itself (an app tile), without an AuthnRequest of ours. */
  SAML_IDP_INITIATED: booleanFlag.default(false),
  /**
   * Which attribute of the assertion holds the portal user id (users.uid): its
   * name, friendly name or OID/URI; "nameID" uses the NameID.
   */
  SAML_USER_ATTRIBUTE: z.string().min(1).default('uid'),
  /** Match the user id whatever its letter case (Eva.Andersson is eva.andersson). */
  SAML_USER_ID_IGNORE_CASE: booleanFlag.default(true),
  /** A scope taken off the user id before matching, e.g. `@skola.exempelby.se`; an id with another scope is refused. */
  SAML_USER_ID_SCOPE: z
    .string()
    .regex(/^@[^\s@]+$/, 'a scope starting with @, e.g. @skola.exempelby.se')
    .optional(),
  /** The NameID format the metadata asks for. */
  SAML_NAMEID_FORMAT: z
    .string()
    .min(1)
    .default('urn:oasis:names:tc:SAML:2.0:nameid-format:persistent'),
  /** Organization and technical contact in the portal's metadata, as federations require. */
  SAML_ORGANIZATION_NAME: z.string().min(1).max(200).optional(),
  SAML_ORGANIZATION_URL: z.string().url().optional(),
  SAML_CONTACT_NAME: z.string().min(1).max(200).optional(),
  SAML_CONTACT_EMAIL: z.string().email().optional(),
  /** How many days the portal's metadata says it is valid (validUntil). */
  SAML_METADATA_VALID_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  SAML_CLOCK_SKEW_MS: z.coerce.number().int().min(0).max(300_000).default(60_000),
  /**
   * Who may read the OpenAPI document and its reference page: anyone signed in
   * (the default), anyone at all, or nobody (the routes are left out).
   */
  API_DOCS: z.enum(['signed-in', 'public', 'off']).default('signed-in'),
  /**
   * Prometheus metrics at `/metrics`, answered only with `Authorization: Bearer <token>`;
   * unset, `/metrics` is not served at all (decision 0047).
   */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  /** A listener of its own for `/metrics` (on HOST), so the public port never serves it. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Host names of the production portal; page views are counted only there (spec §9). */
  ANALYTICS_HOSTS: z.string().optional(),
  /** Button text on the login page. */
  SAML_LABEL: z.string().min(1).max(60).optional(),
  GOOGLE_TOOL_HOSTS: originList.optional(),
  /**
   * Video services whose players a video block may frame (issue 20 F7): https
   * origins of their embed pages. Also the CSP's frame-src.
   */
  VIDEO_EMBED_HOSTS: originList
    .refine(
      (origins) => origins.every((origin) => origin.toLowerCase().startsWith('https://')),
      'each entry must be an https:// origin',
    )
    .optional(),
  /** Document repository: the built-in store, or a remote Alfresco server. */
  DOCUMENTS_PROVIDER: z.enum(['builtin', 'alfresco']).default('builtin'),
  /**
   * Days a shared document link lasts when its maker names no end, and the
   * longest it may be given (issue 20 F10); 0 lets links last until revoked.
   */
  SHARED_LINK_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  /** Largest document upload, in bytes (built-in store). */
  DOCUMENTS_MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(10 * 1024 * 1024),
  /**
   * clamd to scan every upload with, as tcp://host:3310; without it uploads are
   * not scanned. Plain TCP, as clamd has no TLS: keep it on this host or a private network.
   */
  CLAMAV_URL: z
    .string()
    .regex(/^tcp:\/\/[^\s/:]+:\d{1,5}$/, 'CLAMAV_URL must look like tcp://host:3310')
    .optional(),
  /** How long one scan may take before the upload is refused. */
  CLAMAV_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** Where uploaded media and documents live: the data folder, or an S3-compatible bucket. */
  FILE_STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** Keys begin with this (e.g. `skolportalen/`), so one bucket can hold several portals. */
  S3_PREFIX: z
    .string()
    .regex(/^([a-z0-9][a-z0-9._-]*\/)*$/, 'empty, or folder names each ending in /')
    .default(''),
  /**
   * Longest wait for the store's answer to one call, the client's retries
   * included; a download under way stops only when the store is silent this long.
   */
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /** Alfresco Content Services base URL, e.g. https://docs.example.se (without /alfresco). */
  ALFRESCO_URL: z.string().url().optional(),
  /** Service account; without it each person gets their own ticket through POST /token. */
  ALFRESCO_USERNAME: z.string().min(1).optional(),
  ALFRESCO_PASSWORD: z.string().min(1).optional(),
  ALFRESCO_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** The school-data source's SS 12000 API (base URL up to the version, e.g. …/ss12000/v2); turns on importing from it. */
  SS12000_API_URL: z.string().url().optional(),
  /** Bearer token for that API; kept on the server, never shown. */
  SS12000_API_TOKEN: z.string().min(1).optional(),
  /** How long one request to that API may take. */
  SS12000_API_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(30_000),
  /** The municipality's log system: audit entries are POSTed there as JSON lines (decision 0022). */
  AUDIT_EXPORT_URL: z.string().url().optional(),
  /** Bearer token for that system; kept on the server, never logged. */
  AUDIT_EXPORT_TOKEN: z.string().min(1).optional(),
  AUDIT_EXPORT_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  AUDIT_EXPORT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** How often each instance looks for waiting background jobs (jobs queued on the same instance start at once). */
  JOBS_POLL_INTERVAL_SECONDS: z.coerce.number().min(0.5).max(600).default(2),
  /** Wait before a failed job is tried again; doubles with each try where the job backs off. */
  JOBS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** smtp://user:password@host:587 or smtps://…:465; without it mail is only kept in the outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  /** Sender of the portal's mail, e.g. "Skolportalen <noreply@skolor.exempelby.se>". */
  MAIL_FROM: z.string().min(3).max(200).optional(),
  /** Mails per background job; each job is one SMTP session. */
  MAIL_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(50),
  /** How long one SMTP step (connect, greeting, a command) may take. */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
  /** How often recurring jobs are checked for being due (they run at most once a minute). */
  JOBS_SCHEDULE_CHECK_SECONDS: z.coerce.number().int().min(1).max(45).default(30),
  /** How often scheduled posts are published and expired ones taken down; 0 turns it off. */
  POST_SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  /** Months between reviews of a page (decision 0045); 0 = pages are not reviewed. */
  REVIEW_MONTHS_PAGE: z.coerce.number().int().min(0).max(120).default(12),
  /** Months between reviews of a news item; 0 (the default) = news is not reviewed. */
  REVIEW_MONTHS_NEWS: z.coerce.number().int().min(0).max(120).default(0),
  /** Days before the review date that the owner is reminded. */
  REVIEW_REMINDER_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /** Days after the review date before the school's principals are told. */
  REVIEW_ESCALATION_DAYS: z.coerce.number().int().min(0).max(365).default(14),
  /** Days after the principals were told before the post is unpublished. */
  REVIEW_UNPUBLISH_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** The role (key) told when a review is overdue, at the post's school; it also sees that school's list. */
  REVIEW_ESCALATION_ROLE: z
    .string()
    .trim()
    .regex(/^[a-z0-9_]{1,100}$/, 'REVIEW_ESCALATION_ROLE must be a role key (a-z, 0-9, _)')
    .default('role_school_responsible'),
  /** Memory for kept GetPosts and GetLinks answers, per list and instance (decision 0017); 0 keeps none. */
  KEPT_ANSWERS_MB: z.coerce.number().int().min(0).max(4096).default(32),
  /**
   * The languages content may be read in (issue 27): BCP 47 tags the portal
   * knows (packages/shared content/languages.ts), comma-separated; Swedish is
   * always among them.
   */
  CONTENT_LANGUAGES: z
    .string()
    .transform((value, ctx) => {
      const codes = [
        ...new Set(
          value
            .split(',')
            .map((code) => code.trim())
            .filter(Boolean),
        ),
      ];
      const unknown = codes.filter((code) => !knownLanguage(code));
      if (unknown.length) {
        ctx.addIssue({
          code: 'custom',
          message: `unknown language(s) ${unknown.join(', ')}; known: ${knownLanguages.map((language) => language.code).join(', ')}`,
        });
        return z.NEVER;
      }
      return codes;
    })
    .optional(),
  /**
   * A LibreTranslate-compatible translation service (its base URL, e.g.
   * https://oversatt.kommun.se); without it there is no machine translation.
   */
  TRANSLATION_URL: z.string().url().optional(),
  /** That service's API key, when it asks for one; kept on the server, never shown. */
  TRANSLATION_API_KEY: z.string().min(1).max(500).optional(),
  /** Characters the portal may send the translation service per day (Stockholm time). */
  TRANSLATION_DAILY_CHARACTERS: z.coerce.number().int().min(0).max(1_000_000_000).default(500_000),
  /** How long one call to the translation service may take. */
  TRANSLATION_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(30_000),
  /** Whether the nightly check of published posts' links runs (decision 0046). */
  LINK_CHECK_ENABLED: booleanFlag.default(true),
  /** Addresses one nightly run checks at most; the least recently checked go first. */
  LINK_CHECK_MAX_LINKS: z.coerce.number().int().min(1).max(100_000).default(2000),
  /** How long one link may take to answer before it counts as broken. */
  LINK_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** The least time between two requests to the same host. */
  LINK_CHECK_HOST_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /** Redirects followed before a link counts as broken (a loop, or too long a chain). */
  LINK_CHECK_MAX_REDIRECTS: z.coerce.number().int().min(0).max(20).default(5),
  /** Whether links to private, loopback and link-local addresses are checked (off: skipped). */
  LINK_CHECK_ALLOW_PRIVATE: booleanFlag.default(false),
  /** How long the page at "/" waits for its first-screen answers before it is sent without them (decision 0026). */
  FIRST_SCREEN_WAIT_MS: z.coerce.number().int().min(0).max(10_000).default(400),
});

export type EnvValues = z.infer<typeof envSchema>;
