import path from 'node:path';
import {
  defaultContentLanguageCodes,
  defaultVideoEmbedOrigins,
  knownLanguage,
  sourceLanguage,
  type ContentLanguage,
  type PostType,
} from '@skolportalen/shared';
import { backendTlsProblems } from './backend-tls';
import {
  ConfigError,
  documentsConfig,
  fileStorageConfig,
  mailConfig,
  samlConfig,
} from './config-sections';
import { defaultGoogleToolHosts, envSchema, type EnvValues } from './config-env';
import { oidcProvidersConfig } from './config-oidc';

export { ConfigError, parseCertificate } from './config-sections';
export type { FileStorageConfig, MailConfig, SamlConfig } from './config-sections';
export type { OidcProviderConfig } from './config-oidc';
export { defaultGoogleToolHosts, type EnvValues } from './config-env';

/**
 * The only reader of process.env. Parsed once; an invalid value stops the
 * process with a message naming the variable.
 */
export type Config = ReturnType<typeof loadConfig>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new ConfigError(`Invalid configuration:\n${problems}`);
  }
  const values = parsed.data;
  const oidc = oidcProvidersConfig(env, values.PUBLIC_URL ?? `http://localhost:${values.PORT}`);
  const singleSignOn =
    values.SAML_ENTRY_POINT ||
    values.SAML_IDP_METADATA_URL ||
    values.SAML_IDP_METADATA_FILE ||
    oidc.length > 0;
  if (values.PASSWORD_SIGN_IN === 'off' && !singleSignOn) {
    throw new ConfigError(
      'Invalid configuration:\n  PASSWORD_SIGN_IN: off needs single sign-on (SAML_ENTRY_POINT or OIDC_PROVIDERS), or nobody could sign in',
    );
  }
  if (values.MIGRATION_DATABASE_URL && !values.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  MIGRATION_DATABASE_URL: needs DATABASE_URL (the role the portal runs as)',
    );
  }
  const plainBackends = values.BACKEND_TLS === 'required' ? backendTlsProblems(values) : [];
  if (plainBackends.length) {
    throw new ConfigError(
      `Invalid configuration:\n${plainBackends.map((problem) => `  ${problem}`).join('\n')}\n` +
        '  (a backend off this host needs TLS; BACKEND_TLS=optional allows plain connections on a private network)',
    );
  }
  if (values.METRICS_PORT !== undefined && !values.METRICS_TOKEN) {
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_PORT: needs METRICS_TOKEN (without it /metrics is off)',
    );
  }
  if (values.PORTAL_PROCESSES > 1) {
    const missing = [
      ...(values.DATABASE_URL
        ? []
        : ['DATABASE_URL (PostgreSQL: the embedded database has one owner)']),
      ...(values.REDIS_URL ? [] : ['REDIS_URL (for rate limits and a cache shared by them)']),
      ...(values.METRICS_TOKEN && values.METRICS_PORT === undefined
        ? ['METRICS_PORT (where the first process serves every process’s metrics, added up)']
        : []),
    ];
    if (missing.length) {
      throw new ConfigError(
        `Invalid configuration:\n  PORTAL_PROCESSES: more than one needs ${missing.join(', and ')}`,
      );
    }
  }
  if (values.METRICS_PORT !== undefined && values.METRICS_PORT === values.PORT) {
    throw new ConfigError(
      'Invalid configuration:\n  METRICS_PORT: must differ from PORT (the public listener)',
    );
  }
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  const dataDir = path.resolve(repoRoot, values.DATA_DIR);
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    processes: values.PORTAL_PROCESSES,
    host: values.HOST,
    database: values.DATABASE_URL
      ? ({
          kind: 'postgres',
          url: values.DATABASE_URL,
          poolSize: values.DATABASE_POOL_SIZE,
        } as const)
      : values.PGLITE_IN_MEMORY
        ? ({ kind: 'pglite', memoryImage: path.join(dataDir, 'pglite.image') } as const)
        : ({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') } as const),
    migrationDatabaseUrl: values.MIGRATION_DATABASE_URL ?? null,
    migrateAtStart: values.MIGRATE_AT_START,
    dataDir,
    seedDemo: values.SEED_DEMO ?? values.NODE_ENV !== 'production',
    webDistDir: path.resolve(repoRoot, values.WEB_DIST_DIR ?? 'apps/web/dist'),
    logLevel: values.LOG_LEVEL,
    publicUrl: values.PUBLIC_URL,
    cookieSecure: values.COOKIE_SECURE,
    hsts:
      values.HSTS &&
      values.PUBLIC_URL !== undefined &&
      new URL(values.PUBLIC_URL).protocol === 'https:',
    passwordSignIn: values.PASSWORD_SIGN_IN === 'on',
    trustProxy: values.TRUST_PROXY,
    sessionIdleMs: values.SESSION_IDLE_MINUTES * 60_000,
    loginRateLimit: {
      max: values.LOGIN_RATE_LIMIT_MAX,
      windowMs: values.LOGIN_RATE_LIMIT_WINDOW_MS,
      accountMax: values.LOGIN_RATE_LIMIT_ACCOUNT_MAX,
      addressMax: values.LOGIN_RATE_LIMIT_ADDRESS_MAX,
    },
    writeRateLimitPerMinute: values.WRITE_RATE_LIMIT_PER_MINUTE,
    redisUrl: values.REDIS_URL,
    maintenanceMode: values.MAINTENANCE_MODE,
    apiDocs: values.API_DOCS,
    shutdownDrainMs: values.SHUTDOWN_DRAIN_MS,
    metrics: values.METRICS_TOKEN
      ? { token: values.METRICS_TOKEN, port: values.METRICS_PORT ?? null }
      : null,
    saml: samlConfig(values, dataDir),
    oidc,
    documents: documentsConfig(values, dataDir),
    sharedLinkDays: values.SHARED_LINK_DAYS,
    fileStorage: fileStorageConfig(values),
    clamav: values.CLAMAV_URL
      ? { url: values.CLAMAV_URL, timeoutMs: values.CLAMAV_TIMEOUT_MS }
      : null,
    analyticsHosts: (values.ANALYTICS_HOSTS ?? '')
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    googleToolHosts: values.GOOGLE_TOOL_HOSTS ?? defaultGoogleToolHosts,
    videoEmbedOrigins: (values.VIDEO_EMBED_HOSTS ?? [...defaultVideoEmbedOrigins]).map((origin) =>
      origin.toLowerCase(),
    ),
    /** Links to this origin count as internal in stored HTML (no new tab). */
    siteOrigin: values.PUBLIC_URL ?? `http://localhost:${values.PORT}`,
    postSchedulerIntervalMs: values.POST_SCHEDULER_INTERVAL_MS,
    review: {
      monthsByType: reviewMonthsByType(values),
      reminderDays: values.REVIEW_REMINDER_DAYS,
      escalationDays: values.REVIEW_ESCALATION_DAYS,
      unpublishDays: values.REVIEW_UNPUBLISH_DAYS,
      escalationRole: values.REVIEW_ESCALATION_ROLE,
    },
    keptAnswersBytes: values.KEPT_ANSWERS_MB * 1024 * 1024,
    firstScreenWaitMs: values.FIRST_SCREEN_WAIT_MS,
    ss12000: values.SS12000_API_URL
      ? {
          baseUrl: values.SS12000_API_URL.replace(/\/+$/, ''),
          token: values.SS12000_API_TOKEN ?? null,
          timeoutMs: values.SS12000_API_TIMEOUT_MS,
        }
      : null,
    auditExport: values.AUDIT_EXPORT_URL
      ? {
          url: values.AUDIT_EXPORT_URL,
          token: values.AUDIT_EXPORT_TOKEN ?? null,
          intervalMs: values.AUDIT_EXPORT_INTERVAL_SECONDS * 1000,
          timeoutMs: values.AUDIT_EXPORT_TIMEOUT_MS,
        }
      : null,
    contentLanguages: contentLanguagesOf(values.CONTENT_LANGUAGES),
    translation: values.TRANSLATION_URL
      ? {
          url: values.TRANSLATION_URL.replace(/\/+$/, ''),
          apiKey: values.TRANSLATION_API_KEY ?? null,
          dailyCharacters: values.TRANSLATION_DAILY_CHARACTERS,
          timeoutMs: values.TRANSLATION_TIMEOUT_MS,
        }
      : null,
    linkCheck: {
      enabled: values.LINK_CHECK_ENABLED,
      maxLinks: values.LINK_CHECK_MAX_LINKS,
      timeoutMs: values.LINK_CHECK_TIMEOUT_MS,
      hostIntervalMs: values.LINK_CHECK_HOST_INTERVAL_MS,
      maxRedirects: values.LINK_CHECK_MAX_REDIRECTS,
      allowPrivate: values.LINK_CHECK_ALLOW_PRIVATE,
    },
    mail: mailConfig(values),
    jobs: {
      pollIntervalSeconds: values.JOBS_POLL_INTERVAL_SECONDS,
      retryDelaySeconds: values.JOBS_RETRY_DELAY_SECONDS,
      cronCheckSeconds: values.JOBS_SCHEDULE_CHECK_SECONDS,
    },
  };
}

/** Months between reviews per post type (decision 0045): pages and news; other types are not reviewed. */
function reviewMonthsByType(values: EnvValues): Partial<Record<PostType, number>> {
  return {
    page: values.REVIEW_MONTHS_PAGE,
    'page-related': values.REVIEW_MONTHS_PAGE,
    news: values.REVIEW_MONTHS_NEWS,
    'pinned-news': values.REVIEW_MONTHS_NEWS,
  };
}

/** The configured languages, Swedish first whether named or not. */
function contentLanguagesOf(codes: readonly string[] | undefined): ContentLanguage[] {
  const chosen = codes ?? defaultContentLanguageCodes;
  return [sourceLanguage, ...chosen.filter((code) => code !== sourceLanguage)].map((code) =>
    knownLanguage(code)!,
  );
}
