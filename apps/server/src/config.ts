import path from 'node:path';
import { z } from 'zod';

/**
 * The only reader of process.env. Parsed once; an invalid value stops the
 * process with a message naming the variable.
 */
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

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** postgres://… to use a PostgreSQL server; unset means embedded PGlite under DATA_DIR. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** Seed the demo municipality when the database is empty. */
  SEED_DEMO: booleanFlag.default(true),
  /** Where the built web app is; served at / with a fallback to index.html. */
  WEB_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Public origin of the portal, used for same-origin checks and redirects. */
  PUBLIC_URL: z.string().url().optional(),
  COOKIE_SECURE: booleanFlag.default(true),
  TRUST_PROXY: booleanFlag.default(false),
  LOGIN_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(10),
  LOGIN_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
  REDIS_URL: z.string().url().optional(),
  MAINTENANCE_MODE: booleanFlag.default(false),
  GOOGLE_TOOL_HOSTS: originList.optional(),
});

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
  const repoRoot = path.resolve(import.meta.dirname, '../../..');
  const dataDir = path.resolve(repoRoot, values.DATA_DIR);
  return {
    env: values.NODE_ENV,
    port: values.PORT,
    host: values.HOST,
    database: values.DATABASE_URL
      ? ({ kind: 'postgres', url: values.DATABASE_URL } as const)
      : ({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') } as const),
    dataDir,
    seedDemo: values.SEED_DEMO,
    webDistDir: path.resolve(repoRoot, values.WEB_DIST_DIR ?? 'apps/web/dist'),
    logLevel: values.LOG_LEVEL,
    publicUrl: values.PUBLIC_URL,
    cookieSecure: values.COOKIE_SECURE,
    trustProxy: values.TRUST_PROXY,
    loginRateLimit: {
      max: values.LOGIN_RATE_LIMIT_MAX,
      windowMs: values.LOGIN_RATE_LIMIT_WINDOW_MS,
    },
    redisUrl: values.REDIS_URL,
    maintenanceMode: values.MAINTENANCE_MODE,
    googleToolHosts: values.GOOGLE_TOOL_HOSTS ?? defaultGoogleToolHosts,
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}
